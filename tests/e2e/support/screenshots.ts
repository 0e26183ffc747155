import { expect, type Page } from "@playwright/test";
import { settle } from "./axe.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

/** Once the layout has followed a new width (the sidebar slides away), nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
      message: `${name}: the page is wider than the screen`,
    })
    .toBe(true);
}

/**
 * The spec's screenshot taker: each shot at desktop and phone width, into `dir`, once the screen
 * has settled and nothing scrolls sideways; then back to desktop.
 */
export function screenshooter(dir: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    for (const [label, size] of SIZES) {
      await page.setViewportSize(size);
      await settle(page);
      await expectNoSidewaysScroll(page, `${name} (${label})`);
      await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  };
}
