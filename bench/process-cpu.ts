import { readdirSync, readFileSync } from "node:fs";

// Where a load's CPU went: the app server's process, PostgreSQL's processes (read from /proc, so
// only when the server runs on this machine), and the whole machine. A shared machine disturbs
// req/s far more than CPU per request, and CPU per request shows which side sets the pace.

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on every Linux the bench runs on). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in ms; null once it has ended. */
function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The pids of this machine's PostgreSQL server processes (backends and their helpers). */
function postgresPids(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The machine's busy and total clock ticks (busy: user, nice, system, irq, softirq). */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq] = fields.map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, total: busy + idle + iowait };
}

export type CpuSplit = {
  /** The app server's CPU, ms. */
  appMs: number;
  /** PostgreSQL's processes' CPU, ms; null when none runs on this machine. */
  postgresMs: number | null;
  /** Share of the machine's CPU time that was busy (every process), 0–1. */
  machineBusy: number;
};

/**
 * Starts counting the CPU of the app server (its pid) and of PostgreSQL's processes; the answer
 * stops and reads it. A PostgreSQL process that starts meanwhile counts from zero; one that ends
 * meanwhile is left out (its time can no longer be read).
 */
export function startCpuWindow(appPid: number): () => CpuSplit {
  const appBefore = processCpuMs(appPid) ?? 0;
  const postgresBefore = new Map(postgresPids().map((pid) => [pid, processCpuMs(pid) ?? 0]));
  const machineBefore = machineTicks();
  return () => {
    const machineAfter = machineTicks();
    const pids = postgresPids();
    const postgresMs = pids.reduce((sum, pid) => {
      const after = processCpuMs(pid);
      return after === null ? sum : sum + after - (postgresBefore.get(pid) ?? 0);
    }, 0);
    return {
      appMs: (processCpuMs(appPid) ?? appBefore) - appBefore,
      postgresMs: pids.length === 0 ? null : postgresMs,
      machineBusy: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
    };
  };
}
