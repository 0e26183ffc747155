import type { Page } from "@playwright/test";
import { settle } from "./axe.ts";

const WIDTHS = [
  ["desktop", 1440],
  ["phone", 390],
] as const;

/** The spec's screenshot taker: each shot at desktop and phone width, into `dir`, then back to desktop. */
export function screenshooter(dir: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    for (const [label, width] of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };
}
