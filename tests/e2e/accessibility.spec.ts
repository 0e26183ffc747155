import { expect, type Page, test } from "@playwright/test";
import { describeFindings, type Finding, seriousViolations, settle } from "./support/axe.ts";
import { signInCached } from "./support/cached-sign-in.ts";
import { routeScreens } from "./support/route-paths.ts";

/**
 * axe-core on every screen of the web route table (src/web/routes.tsx), for several roles and at
 * desktop and phone width, plus the states a person opens (palette, notifications, phone menu):
 * any critical or serious violation fails. A new route is walked as soon as it is in the table.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A value for each route parameter: an existing record when the walk knows one, else a made-up id (its not-found state). */
const PARAM_SAMPLES: Record<string, string> = { token: "A".repeat(43) };
const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";

function concrete(path: string): string {
  return path.replace(/:(\w+)\??/g, (_, name: string) => PARAM_SAMPLES[name] ?? MADE_UP_ID);
}

const ROUTES = routeScreens().map((route) => ({ ...route, path: concrete(route.path) }));
const PATHS = [...new Set(ROUTES.map((route) => route.path))];
const SCREEN_OF = new Map(ROUTES.map((route) => [route.path, route.screen]));
/** At phone width, one route per screen component: the layouts differ by screen, not by section. */
const PHONE_PATHS = [...new Map(ROUTES.map((route) => [route.screen, route.path])).values()];

/**
 * Opens each route in the running app (a client-side navigation, as a click on a link would: a
 * full reload per route made the walk several times slower) and scans it once per state: a route
 * that lands on a screen already scanned with the same sidebar group open is not scanned again.
 * So the fifteen "em breve" sections (one screen component, their own title and description) are
 * scanned once per sidebar group they open, and every other screen and every group once.
 */
async function walk(page: Page, label: string, paths = PATHS): Promise<Finding[]> {
  const findings: Finding[] = [];
  const scanned = new Set<string>();
  await page.goto("/");
  for (const path of paths) {
    await page.evaluate((to) => {
      window.history.pushState(null, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    // A screen the role may not open is the same "Acesso restrito" alert on every such route:
    // scanned once per walk (a screen with a restricted part besides other content is scanned).
    const state = (await showsOnlyAccessDenied(page))
      ? "acesso-restrito"
      : `${SCREEN_OF.get(landed) ?? landed} ${await openSidebarGroup(page)}`;
    if (scanned.has(state)) continue;
    scanned.add(state);
    findings.push(...(await seriousViolations(page, `${label} ${path}${landed === path ? "" : ` → ${landed}`}`)));
  }
  return findings;
}

/**
 * The sidebar group drawn open, if any (its entries are part of what is scanned). Read in one step:
 * counting, then reading, raced a re-render that replaced the entry in between, and the read then
 * waited 30 s for an element that no longer matched.
 */
function openSidebarGroup(page: Page): Promise<string> {
  return page.evaluate(
    () => document.querySelector('[data-nav-item][aria-expanded="true"]')?.getAttribute("data-nav-item") ?? "",
  );
}

/** Whether the page's main region holds nothing but the access-denied alert. */
function showsOnlyAccessDenied(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    const alert = main?.querySelector('[role="alert"]');
    const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, " ").trim() ?? "";
    return Boolean(alert) && text(alert).startsWith("Acesso restrito") && text(main) === text(alert);
  });
}

async function openStates(page: Page, label: string, hasBell: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.goto("/dashboard");
  await settle(page);
  // The palette is a chunk of its own, and its shortcut is bound once the shell is up: on a loaded
  // machine the first press could come before either (the walk failed there once).
  const palette = page.getByRole("dialog");
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press("Control+k");
    await expect(palette).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await settle(page);
  findings.push(...(await seriousViolations(page, `${label} /dashboard (paleta aberta)`)));
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  const bell = page.getByRole("button", { name: /Notificações/ });
  if (!hasBell) {
    await expect(bell).toHaveCount(0);
    return findings;
  }
  await bell.click();
  await settle(page);
  findings.push(...(await seriousViolations(page, `${label} /dashboard (notificações abertas)`)));
  await page.keyboard.press("Escape");
  return findings;
}

/**
 * The platform, the agency's widest role and its narrowest: a team role's screens are a subset of
 * the manager's, its refusals the client's (the walk took ~14 of the suite's 22 minutes with four).
 */
const SIGNED_IN = ["admin@nexo.example.com", "agency_manager@aurora.example.com", "agency_client@aurora.example.com"];
/** An inbox belongs to an agency: the platform's super admin (no agency) has no bell to open. */
const WITHOUT_AGENCY = new Set(["admin@nexo.example.com"]);

test.describe.configure({ timeout: 600_000 });

test("signed out: every route has no critical or serious axe violation", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const findings = await walk(page, "anônimo");
  expect(findings, describeFindings(findings)).toEqual([]);
});

// Each role's walk is two tests, desktop and phone: one test of both ran near its 10-minute limit
// on a loaded two-core machine.
for (const email of SIGNED_IN) {
  test(`${email}: every route and the palette and bell, desktop, have no critical or serious axe violation`, async ({
    page,
  }) => {
    await signInCached(page, email);
    await page.setViewportSize(DESKTOP);
    const findings = [
      ...(await walk(page, `${email} desktop`)),
      ...(await openStates(page, `${email} desktop`, !WITHOUT_AGENCY.has(email))),
    ];
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  test(`${email}: every screen and the open menu, phone, have no critical or serious axe violation`, async ({
    page,
  }) => {
    await signInCached(page, email);
    await page.setViewportSize(PHONE);
    const findings = await walk(page, `${email} celular`, PHONE_PATHS);
    await page.goto("/dashboard");
    await settle(page);
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await settle(page);
    findings.push(...(await seriousViolations(page, `${email} celular /dashboard (menu aberto)`)));
    // Esc closes the menu it opened.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Abrir menu" })).toHaveAttribute("aria-expanded", "false");
    expect(findings, describeFindings(findings)).toEqual([]);
  });
}
