import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { signInAs } from "./support/sign-in.ts";

/** Both payloads would set window.__xss if any screen rendered them as markup. */
const IMG = "<img src=x onerror=window.__xss=1>";
const SCRIPT = "<script>window.__xss=1</script>";
const SUPER_ADMIN = "admin@nexo.example.com";
const PASSWORD = "Nexo@Demo2026";

const suffix = Date.now().toString(36);
const XSS_USER = `xss-${suffix}@example.com`;
const AGENCY_NAME = `Agência ${IMG}`;

type Actor = "superAdmin" | "storedUser";
type Screen = {
  name: string;
  as: Actor;
  path: string;
  /** Opens the part of the screen that shows the stored text (a tab), when the path alone does not. */
  open?: (page: Page) => Promise<void>;
  /** Stored texts that must be shown literally, as text. */
  shows: string[];
};

/** Every screen that shows a stored user-controlled text today: a new screen is one more line. */
const SCREENS: Screen[] = [
  {
    name: "agency dashboard (welcome, agency line)",
    as: "storedUser",
    path: "/dashboard",
    shows: [`Bem-vindo, ${IMG}!`, AGENCY_NAME],
  },
  {
    name: "header and sidebar footer (name, company)",
    as: "storedUser",
    path: "/app/crm/contatos",
    shows: [`${IMG} ${SCRIPT}`, IMG],
  },
  { name: "super admin: agencies tab", as: "superAdmin", path: "/dashboard", shows: [AGENCY_NAME, SCRIPT] },
  {
    name: "super admin: audit tab (actor name)",
    as: "superAdmin",
    path: "/dashboard",
    open: tab("Auditoria"),
    shows: [`${IMG} ${SCRIPT}`],
  },
  {
    name: "super admin: security tab (agency two-factor list)",
    as: "superAdmin",
    path: "/dashboard",
    open: tab("Segurança"),
    shows: [AGENCY_NAME],
  },
];

function tab(name: string) {
  return async (page: Page) => {
    await page.getByRole("tab", { name }).click();
  };
}

async function signedInContext(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, email === XSS_USER ? PASSWORD : undefined);
  return { context, page };
}

async function ok(
  response: Awaited<ReturnType<APIRequestContext["post"]>>,
  what: string,
): Promise<{ inviteUrl?: string }> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as { inviteUrl?: string };
}

const pages = {} as Record<Actor, Page>;

test.beforeAll(async ({ browser, request }) => {
  // A user whose names and company are the payloads (sign-up API), made first manager of an
  // agency whose name, domain and phone are payloads too (super admin API), so every screen has them.
  await ok(
    await request.post("/api/auth/sign-up/email", {
      data: {
        email: XSS_USER,
        password: PASSWORD,
        name: `${IMG} ${SCRIPT}`,
        firstName: IMG,
        lastName: SCRIPT,
        company: IMG,
      },
    }),
    "sign-up",
  );
  const admin = await signedInContext(browser, SUPER_ADMIN);
  const created = await ok(
    await admin.page.request.post("/api/admin/agencies", {
      data: {
        name: AGENCY_NAME,
        slug: `agencia-xss-${suffix}`,
        domain: SCRIPT,
        contactPhone: SCRIPT,
        firstManagerEmail: XSS_USER,
      },
    }),
    "create agency",
  );
  const token = String(created.inviteUrl).split("/").pop();
  const stored = await signedInContext(browser, XSS_USER);
  await ok(await stored.page.request.post("/api/invites/accept", { data: { token } }), "accept invite");
  pages.superAdmin = admin.page;
  pages.storedUser = stored.page;
  for (const page of Object.values(pages)) {
    page.on("dialog", (dialog) => {
      throw new Error(`a dialog opened: ${dialog.message()}`);
    });
  }
});

test.afterAll(async () => {
  for (const page of Object.values(pages)) await page.context().close();
});

for (const screen of SCREENS) {
  test(`stored script payloads render as text: ${screen.name}`, async () => {
    const page = pages[screen.as];
    await page.goto(screen.path);
    await screen.open?.(page);
    for (const text of screen.shows) {
      await expect(page.getByText(text, { exact: false }).first(), `"${text}" shown literally`).toBeVisible();
    }
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count(), "an <img> element was created from stored text").toBe(0);
    expect(await page.locator("script:not([src])").evaluateAll((s) => s.map((e) => e.textContent))).not.toContain(
      "window.__xss=1",
    );
    await page.screenshot({
      path: `.tmp/shots/stored-xss-${screen.name.replace(/[^a-z]+/gi, "-")}.png`,
      fullPage: true,
    });
  });
}
