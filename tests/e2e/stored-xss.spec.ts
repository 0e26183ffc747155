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
// Sign-up strips < and > from names (spec §5), so the names carry payloads that survive it:
// an attribute break-out, an HTML-escaped tag (dangerous if a screen decoded it) and a script URL.
const FIRST_NAME = `" autofocus onfocus="window.__xss=1" x="`;
const LAST_NAME = "&lt;img src=x onerror=window.__xss=1&gt;";
const FULL_NAME = `${FIRST_NAME} ${LAST_NAME}`;
const COMPANY = "javascript:window.__xss=1";
/** Breaks out of an HTML attribute: the way a value="…" written as markup would fall. */
const ATTR = `"><img src=x onerror=window.__xss=1>`;
const INVITED = `convidado-${suffix}@example.com`;
const TEMPLATE_NAME = `Modelo ${IMG}`;

type Actor = "superAdmin" | "storedUser";
type Screen = {
  name: string;
  as: Actor;
  path: string;
  /** Opens the part of the screen that shows the stored text (a tab), when the path alone does not. */
  open?: (page: Page) => Promise<void>;
  /** Stored texts that must be shown literally, as text. */
  shows: string[];
  /** Stored texts that must sit, literally, as the value of a form field (inputs hold text only). */
  fieldValues?: string[];
};

/** Every screen that shows a stored user-controlled text today: a new screen is one more line. */
const SCREENS: Screen[] = [
  {
    name: "agency dashboard (welcome, agency line)",
    as: "storedUser",
    path: "/dashboard",
    shows: [`Bem-vindo, ${FIRST_NAME}!`, AGENCY_NAME],
  },
  {
    // The footer names the agency now (issue 19): the stored company is no longer shown on this screen.
    name: "header and sidebar footer (name)",
    as: "storedUser",
    path: "/app/crm/contatos",
    shows: [FULL_NAME],
  },
  { name: "super admin: agencies tab", as: "superAdmin", path: "/dashboard", shows: [AGENCY_NAME, SCRIPT] },
  {
    name: "super admin: audit tab (actor name)",
    as: "superAdmin",
    path: "/dashboard",
    open: tab("Auditoria"),
    shows: [FULL_NAME],
  },
  {
    name: "super admin: security tab (agency two-factor list)",
    as: "superAdmin",
    path: "/dashboard",
    open: tab("Segurança"),
    shows: [AGENCY_NAME],
  },
  {
    name: "settings: agency profile form (values in inputs)",
    as: "storedUser",
    path: "/app/configuracoes?tab=perfil",
    shows: [],
    fieldValues: [AGENCY_NAME, SCRIPT, ATTR, IMG],
  },
  {
    name: "settings: users tab (members' names and e-mails)",
    as: "storedUser",
    path: "/app/configuracoes?tab=usuarios",
    shows: [FULL_NAME, XSS_USER],
  },
  {
    name: "settings: pending invites",
    as: "storedUser",
    path: "/app/configuracoes?tab=usuarios",
    open: tab("Convites"),
    shows: [INVITED],
  },
  {
    name: "super admin: permission templates (name, description)",
    as: "superAdmin",
    path: "/dashboard",
    open: async (page) => {
      await tab("Permissões")(page);
      await tab("Templates")(page);
    },
    shows: [TEMPLATE_NAME, SCRIPT],
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
  // An agency whose name, domain and phone are payloads (super admin API), whose first manager
  // signs up from the invite with payloads as names and company, so every screen has them.
  const admin = await signedInContext(browser, SUPER_ADMIN);
  const created = await ok(
    await admin.page.request.post("/api/admin/agencies", {
      data: {
        name: AGENCY_NAME,
        slug: `agencia-xss-${suffix}`,
        domain: SCRIPT,
        // The phone, CNPJ and CEP are checked (Brazilian formats): they cannot hold a payload.
        firstManagerEmail: XSS_USER,
      },
    }),
    "create agency",
  );
  const token = String(created.inviteUrl).split("/").pop();
  await ok(
    await request.post("/api/auth/sign-up/email", {
      data: {
        email: XSS_USER,
        password: PASSWORD,
        name: FULL_NAME,
        firstName: FIRST_NAME,
        lastName: LAST_NAME,
        company: COMPANY,
        // from the invite's link: that verifies the address, which accepting needs (decision 019)
        inviteToken: token,
      },
    }),
    "sign-up",
  );
  const stored = await signedInContext(browser, XSS_USER);
  await ok(await stored.page.request.post("/api/invites/accept", { data: { token } }), "accept invite");
  // The new manager fills the agency profile with payloads and invites someone (settings screens).
  await ok(
    await stored.page.request.put("/api/agency/profile", {
      data: {
        name: AGENCY_NAME,
        contactEmail: "",
        contactPhone: "",
        website: "",
        taxId: "",
        primaryColor: "",
        address: IMG,
        city: ATTR,
        state: "",
        zipCode: "",
        country: SCRIPT,
        timezone: "America/Sao_Paulo",
        currency: "BRL",
      },
    }),
    "profile with payloads",
  );
  await ok(await stored.page.request.post("/api/agency/invites", { data: { email: INVITED, role: "user" } }), "invite");
  await ok(
    await admin.page.request.post("/api/admin/permissions/templates", {
      data: { name: TEMPLATE_NAME, description: SCRIPT, role: "user" },
    }),
    "template with payloads",
  );
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
    for (const text of screen.fieldValues ?? []) {
      await expect
        .poll(
          () =>
            page.locator("input, textarea").evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value)),
          {
            message: `"${text}" held literally by a form field`,
          },
        )
        .toContain(text);
    }
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(
      await page.locator('img[src="x"], [onerror], [onfocus], [onload], a[href^="javascript:"]').count(),
      "an element or a handler attribute was created from stored text",
    ).toBe(0);
    expect(await page.locator("script:not([src])").evaluateAll((s) => s.map((e) => e.textContent))).not.toContain(
      "window.__xss=1",
    );
    await page.screenshot({
      path: `.tmp/shots/stored-xss-${screen.name.replace(/[^a-z]+/gi, "-")}.png`,
      fullPage: true,
    });
  });
}
