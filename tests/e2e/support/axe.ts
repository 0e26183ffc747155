import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export type Finding = { state: string; rule: string; impact: string; targets: string[]; help: string };

/**
 * Network idle is only a hint here (the loaders are the real signal), so its wait is bounded: with
 * no timeout it waited for as long as the test ran, 172 s, on the API reference under load (CPU
 * busy beside it: 3 runs in 4 hung, CI's run and its retry too), while the page had long rendered.
 */
const NETWORK_IDLE_MS = 10_000;

/**
 * Waits until the screen has settled: the document loaded, no loader drawn, no transition running.
 * (A client-side navigation fires no load event; the loaders are what a screen shows while its
 * chunk or data is on the way.)
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: NETWORK_IDLE_MS }).catch(() => undefined);
  await expect(page.locator(".mantine-Loader:visible"))
    .toHaveCount(0, { timeout: 3000 })
    .catch(() => undefined);
  await transitionsDone(page);
}

/**
 * Mantine's transitions (menus, drawers, modals, the sidebar's groups) are CSS transitions: waits
 * two frames for one just asked to start, then until no finite one runs. It replaced a fixed 300 ms
 * pause per scan, most of which was spent waiting for nothing.
 */
async function transitionsDone(page: Page): Promise<void> {
  // A page the browser is not painting (seen once under load, on the API reference) runs no frame: at most 500 ms.
  // A page whose main thread is busy does not even start the script (seen once for 180 s under
  // load, on the API reference): the wait is bounded from here too, and the checks after it decide.
  const twoFrames = page.evaluate(
    () =>
      new Promise((resolve) => {
        setTimeout(resolve, 500);
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      }),
  );
  await Promise.race([twoFrames.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000))]);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      null,
      { timeout: 2000 },
    )
    .catch(() => undefined);
}

/**
 * Transitions and animations held at their end for the scan: a notification that starts to fade in
 * or out while axe reads the colours (its auto-close can fire mid-scan) was read half transparent
 * and reported as low contrast, twice in two whole runs on a slow machine. What is judged is the
 * screen at rest.
 */
const AT_REST = "*, *::before, *::after { transition: none !important; animation: none !important; }";

/** The critical and serious axe violations of what the page shows now. */
export async function seriousViolations(page: Page, state: string): Promise<Finding[]> {
  const atRest = await page.addStyleTag({ content: AT_REST });
  const results = await new AxeBuilder({ page })
    // Not on by default (experimental), but the audit ran it: a visible label the accessible name omits.
    // resultTypes: axe builds a selector for every node of every result; only violations are read
    // here (axe's API.md, "Performance"). The manager's desktop walk scanned in 71 s, not 89 s.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } }, resultTypes: ["violations"] })
    // Legacy mode (documented in @axe-core/playwright's README; its one loss is cross-origin
    // frames, which our CSP's default-src 'self' forbids): axe runs in the page itself instead of
    // opening a blank page per scan to merge frame results. A new renderer per scan made up a
    // third of the walk: the manager's desktop walk took 49 s, not 1.5 min, on this machine.
    .setLegacyMode()
    .analyze()
    .finally(() => atRest.evaluate((style) => (style as Element).remove()));
  return results.violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map((violation) => ({
      state,
      rule: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      targets: violation.nodes.slice(0, 4).map((node) => node.target.join(" ")),
    }));
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.state}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.targets.join("\n    ")}`)
    .join("\n");
}

/** No critical or serious axe violation in what the page shows now (an open modal or drawer included). */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  await settle(page);
  const findings = await seriousViolations(page, state);
  expect(findings, describeFindings(findings)).toEqual([]);
}
