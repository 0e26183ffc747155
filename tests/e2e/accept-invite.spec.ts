import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signInAs } from "./support/sign-in.ts";

const PASSWORD = "Convidada@Nexo2026";
const MADE_UP_TOKEN = "A".repeat(43);

async function signUp(page: Page, email: string) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "Clara Convidada", firstName: "Clara", lastName: "Convidada" },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The verification link mailed to `email`, read from the outbox as the operator (super admin) sees it. */
async function verificationLinkFor(browser: Browser, baseURL: string, email: string): Promise<string> {
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(admin, "admin@nexo.example.com", DEMO_PASSWORD);
  const outbox = (await (await admin.request.get("/api/admin/outbox")).json()) as {
    messages: { to: string; body: string }[];
  };
  const mail = outbox.messages.find((message) => message.to === email);
  const link = /https?:\/\/\S+(\/verificar-email\?token=[A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
  if (!link) throw new Error(`no verification e-mail to ${email} in the outbox`);
  await admin.context().close();
  return link;
}

/** The token in whatever the invites API answers: a `token` field or an /accept-invite/ link. */
function tokenIn(value: unknown): string | null {
  if (typeof value === "string") return value.match(/\/accept-invite\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
  if (!value || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key === "token" && typeof inner === "string") return inner;
    const found = tokenIn(inner);
    if (found) return found;
  }
  return null;
}

test("a signed-out visitor of an unknown link is told it is invalid and pointed to the login", async ({ page }) => {
  await page.goto(`/accept-invite/${MADE_UP_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Link Inválido" })).toBeVisible();
  await expect(page.getByText("Você precisa estar logado")).toHaveCount(0);
  await page.getByRole("link", { name: "Ir para o login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("an unknown token or a link without token shows 'Link Inválido'", async ({ page }) => {
  await signUp(page, `sem-convite-${Date.now()}@exemplo.com.br`);
  await page.goto(`/accept-invite/${MADE_UP_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Link Inválido" })).toBeVisible();
  await expect(page.getByText("Convite inválido ou inexistente")).toBeVisible();
  await page.screenshot({ path: "/tmp/h3b-accept-invite-invalid.png", fullPage: true });
  await page.goto("/accept-invite");
  await expect(page.getByText("Token de convite não encontrado na URL")).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an invited user accepts and lands on the dashboard as a member of the agency", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `convidada-${Date.now()}@exemplo.com.br`;
  const manager = await browser.newContext({ baseURL });
  const managerPage = await manager.newPage();
  await signInAs(managerPage, "agency_manager@aurora.example.com", DEMO_PASSWORD);
  const created = await managerPage.request.post("/api/agency/invites", {
    data: { email, role: "team_designer" },
    headers: { origin: baseURL ?? "" },
  });
  const token = created.ok() ? tokenIn(await created.json()) : null;
  await manager.close();
  if (!token) {
    console.log(
      `accept-invite: POST /api/invites answered ${created.status()} without a token (issue 5 not merged yet); skipping the full flow`,
    );
    test.skip(true, "invite creation (issue 5) is not available on this build");
    return;
  }

  // An account made outside the invite's link must prove its address before joining (issue 13, item 8).
  await signUp(page, email);
  await page.goto(`/accept-invite/${token}`);
  await expect(page.getByRole("heading", { name: /Convite para Agência Aurora/ })).toBeVisible();
  await expect(page.getByText("Designer")).toBeVisible();
  await page.getByRole("button", { name: "Aceitar Convite" }).click();
  // the page's message (a toast says it too)
  await expect(page.getByRole("main").getByText(/Verifique seu e-mail antes de aceitar o convite/)).toBeVisible();

  await page.goto(await verificationLinkFor(browser, baseURL ?? "", email));
  await expect(page.getByText("E-mail verificado com sucesso!")).toBeVisible();
  await page.screenshot({ path: "/tmp/identity3-email-verified.png", fullPage: true });
  await page.reload();
  await expect(page.getByText(/Este link de verificação é inválido, já foi usado ou expirou/)).toBeVisible();

  await page.goto(`/accept-invite/${token}`);
  await page.screenshot({ path: "/tmp/h3b-accept-invite-ready.png", fullPage: true });
  await page.getByRole("button", { name: "Aceitar Convite" }).click();
  await expect(page.getByText("Convite aceito com sucesso! Redirecionando...")).toBeVisible();
  await page.screenshot({ path: "/tmp/h3b-accept-invite-success.png", fullPage: true });
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
  const me = await (await page.request.get("/api/me")).json();
  expect(me.user).toMatchObject({ agencyName: "Agência Aurora", role: "team_designer" });

  await page.goto(`/accept-invite/${token}`);
  await expect(page.getByText("Este convite já foi aceito")).toBeVisible();
});
