import { expect, type Locator, type Page } from "@playwright/test";
import { settle } from "./axe.ts";

/** The widths the admin screens are checked at: a laptop beside the sidebar, and a phone. */
export const FIT_SIZES = [
  ["1280", { width: 1280, height: 900 }],
  ["390", { width: 390, height: 844 }],
] as const;

/**
 * All of `locator` is on screen once the page (only the page: a table's own sideways scroller
 * stays where it is) brings it into view vertically: not past the screen's edge, not hidden in a
 * scroller's overflow, as a person would see it without scrolling sideways.
 */
export async function expectFullyOnScreen(locator: Locator, what: string): Promise<void> {
  await locator.evaluate((element) =>
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 160 }),
  );
  await expect(locator, `${what}: cut off at ${locator.page().viewportSize()?.width} px`).toBeInViewport({ ratio: 1 });
}

/** Nothing on the page scrolls sideways (the layout followed the width). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
      message: `${what}: the page is wider than the screen`,
    })
    .toBe(true);
}

/** A full-page screenshot once the screen has settled. */
export async function shootSettled(page: Page, path: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path, fullPage: true });
}
