import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { startCpuWindow } from "./process-cpu.ts";

/** A child process that spends `ms` of CPU (however busy the machine is), then waits to be killed. */
async function busyChild(ms: number) {
  const child = spawn(process.execPath, [
    "-e",
    `for (let used = process.cpuUsage(); used.user + used.system < ${ms * 1000}; used = process.cpuUsage()); console.log("done"); setInterval(() => {}, 1000);`,
  ]);
  return { child, done: once(child.stdout, "data") };
}

describe("startCpuWindow", () => {
  it("counts the CPU the app process spent inside the window", async () => {
    const { child, done } = await busyChild(400);
    try {
      const stop = startCpuWindow(child.pid as number);
      await done;
      const split = stop();
      expect(split.appMs).toBeGreaterThanOrEqual(250);
      expect(split.appMs).toBeLessThan(2_000);
      expect(split.machineBusy).toBeGreaterThan(0);
      expect(split.machineBusy).toBeLessThanOrEqual(1);
    } finally {
      child.kill();
    }
  });

  it("counts nothing for a process that stays idle", async () => {
    const { child, done } = await busyChild(0);
    try {
      await done;
      const stop = startCpuWindow(child.pid as number);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stop().appMs).toBeLessThan(50);
    } finally {
      child.kill();
    }
  });
});
