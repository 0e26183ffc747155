import { readFileSync } from "node:fs";

// A process's resident memory, for the bench's memory figures (the contacts export, the large
// agency's backup).

const RSS_SAMPLE_MS = 20;

/** A process's resident set size in MB, from /proc (Linux). */
export function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/** Samples a process's resident memory every 20 ms until stopped; answers the highest sample. */
export function sampleResidentPeak(pid: number): () => number {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentMb(pid));
  };
}
