import type { Page } from "@playwright/test";

type HeldTimers = { hold(): void; release(): void };
type WithHeldTimers = { __heldTimers: HeldTimers };

/**
 * Lets a test make the page run each 0 ms timer set during a keystroke only once the next
 * keystroke has been handled (`holdTimers` … `releaseTimers`). Chromium runs queued input before
 * timers, so this is the order a renderer starved of CPU gets (CI: two lanes on two cores); CPU
 * throttling does not give it, as it slows timers and keystrokes alike.
 */
export async function runInputBeforeTimers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const setTimer = window.setTimeout;
    let holding = false;
    let queued: (() => void)[] = [];
    let due: (() => void)[] = [];
    const runAll = (timers: (() => void)[]) => {
      for (const run of timers) run();
    };
    window.setTimeout = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      if (ms || !holding) return setTimer(run, ms, ...args);
      queued.push(() => run(...args));
      return 0;
    }) as typeof window.setTimeout;
    document.addEventListener("keydown", () => ([due, queued] = [queued, []]), true);
    document.addEventListener("keyup", () => runAll(due.splice(0)), true);
    (window as unknown as WithHeldTimers).__heldTimers = {
      hold: () => {
        holding = true;
      },
      release: () => {
        holding = false;
        runAll([...due.splice(0), ...queued.splice(0)]);
      },
    };
  });
}

export const holdTimers = (page: Page) =>
  page.evaluate(() => (window as unknown as WithHeldTimers).__heldTimers.hold());

export const releaseTimers = (page: Page) =>
  page.evaluate(() => (window as unknown as WithHeldTimers).__heldTimers.release());
