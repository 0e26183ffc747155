import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signInAs } from "./support/sign-in.ts";

const PASSWORD = "Convidada@Nexo2026";
const MADE_UP_TOKEN = "A".repeat(43);

async function signUp(page: Page, email: string) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "Clara Convidada", firstName: "Clara", lastName: "Convidada" },
  });
  expect(response.ok(), await response.text()).toBe(true);
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

  await signUp(page, email);
  await page.goto(`/accept-invite/${token}`);
  await expect(page.getByRole("heading", { name: /Convite para Agência Aurora/ })).toBeVisible();
  await expect(page.getByText("Designer")).toBeVisible();
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
