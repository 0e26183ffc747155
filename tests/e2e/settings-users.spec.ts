import { type Browser, expect, type Page, test } from "@playwright/test";
import { describeFindings, seriousViolations } from "./support/axe.ts";
import { signInCached } from "./support/cached-sign-in.ts";

const MANAGER = "agency_manager@aurora.example.com";
const PASSWORD = "Convidada@Nexo2026";
const SHOTS = ".tmp/shots";

async function openUsersTab(page: Page) {
  await page.goto("/app/configuracoes?tab=usuarios");
  await expect(page.getByRole("heading", { name: "Gestão de Usuários" })).toBeVisible();
}

async function inviteThroughDialog(page: Page, email: string, roleLabel: string) {
  await page.getByRole("button", { name: "Convidar Usuário" }).click();
  const dialog = page.getByRole("dialog", { name: "Convidar Usuário" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Enviar Convite" })).toBeDisabled();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Função").click();
  await page.getByRole("option", { name: roleLabel, exact: true }).click();
  await dialog.getByRole("button", { name: "Enviar Convite" }).click();
  await expect(page.getByText(/Convite criado, mas nenhum email foi enviado/)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function acceptAsNewUser(browser: Browser, baseURL: string, email: string, link: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    // from the invite's link, as the invite page signs up: that verifies the address (decision 019)
    data: {
      email,
      password: PASSWORD,
      name: "Dora Convidada",
      firstName: "Dora",
      lastName: "Convidada",
      inviteToken: link.split("/").pop(),
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await page.goto(link);
  await page.getByRole("button", { name: "Aceitar Convite" }).click();
  await expect(page.getByText("Convite aceito com sucesso! Redirecionando...")).toBeVisible();
  await context.close();
}

test("a manager invites a designer, who accepts; the manager then sees them, cancels an invite and changes a role", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInCached(page, MANAGER);
  await openUsersTab(page);
  await expect(page.getByTestId("users-total-value")).toHaveText(/^\d+$/);
  const invitesBefore = Number(await page.getByTestId("users-invites-value").textContent());
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/users-tab.png`, fullPage: true });

  const stamp = Date.now();
  const email = `dora-${stamp}@exemplo.com.br`;
  await page.getByRole("button", { name: "Convidar Usuário" }).click();
  await page.getByRole("dialog", { name: "Convidar Usuário" }).getByLabel("Email").fill(email);
  await page.waitForTimeout(400); // let the modal's opening transition finish before the picture
  await page.screenshot({ path: `${SHOTS}/invite-dialog.png` });
  await page.getByRole("button", { name: "Cancelar" }).click();
  await inviteThroughDialog(page, email, "Designer");
  await expect(page.getByTestId("users-invites-value")).toHaveText(String(invitesBefore + 1));

  await page.getByRole("tab", { name: "Convites" }).click();
  const row = page.getByTestId("invite-row").filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText("Designer")).toBeVisible();
  await expect(row.getByText(/Enviado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)).toBeVisible();
  await row.getByRole("button", { name: "Copiar link" }).click();
  await expect(page.getByText("Link copiado!")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/accept-invite\/[A-Za-z0-9_-]{43}$/);
  await expect(row.getByRole("link", { name: "Abrir link em nova aba" })).toHaveAttribute("href", link);
  await page.screenshot({ path: `${SHOTS}/invites-tab.png`, fullPage: true });

  await acceptAsNewUser(browser, baseURL ?? "", email, link);

  await openUsersTab(page);
  const member = page.getByTestId("user-row").filter({ hasText: email });
  await expect(member).toBeVisible();
  await expect(member.getByText("Dora Convidada")).toBeVisible();
  await expect(member.getByText("Designer", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Convites" }).click();
  await expect(page.getByTestId("invite-row").filter({ hasText: email })).toHaveCount(0);

  const doomed = `cancelar-${stamp}@exemplo.com.br`;
  await inviteThroughDialog(page, doomed, "Copywriter");
  const doomedRow = page.getByTestId("invite-row").filter({ hasText: doomed });
  await doomedRow.getByRole("button", { name: "Cancelar convite" }).click();
  await expect(page.getByText("Convite cancelado com sucesso!")).toBeVisible();
  await expect(doomedRow).toHaveCount(0);

  await page.getByRole("tab", { name: "Usuários", exact: true }).click();
  await member.getByLabel("Função de Dora Convidada").click();
  await page.getByRole("option", { name: "Tráfego Pago", exact: true }).click();
  await expect(page.getByText("Função do usuário atualizada com sucesso!")).toBeVisible();
  await expect(member.getByText("Tráfego Pago", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("user-row").filter({ hasText: email }).getByText("Tráfego Pago").first()).toBeVisible();
});

test("the users tab at phone width, and the permission summary", async ({ page, baseURL }) => {
  await signInCached(page, MANAGER);
  const invite = await page.request.post("/api/agency/invites", {
    data: { email: `celular-${Date.now()}@exemplo.com.br`, role: "team_traffic" },
    headers: { origin: baseURL ?? "" },
  });
  expect(invite.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await openUsersTab(page);
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/users-tab-phone.png`, fullPage: true });
  await page.getByRole("tab", { name: "Convites" }).click();
  await expect(page.getByRole("heading", { name: "Convites Pendentes" })).toBeVisible();
  await expect(page.getByTestId("invite-row").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/invites-tab-phone.png`, fullPage: true });
  await page.getByRole("tab", { name: "Permissões", exact: true }).click();
  await expect(page.getByTestId("role-permission-row").filter({ hasText: "Gestor da Agência" })).toContainText(
    "Completo",
  );
  await page.screenshot({ path: `${SHOTS}/permissions-tab-phone.png`, fullPage: true });
});

test("a member locked out by wrong passwords is shown locked, and the manager unlocks them", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInCached(page, MANAGER);
  const email = `travada-${Date.now()}@exemplo.com.br`;
  const invite = await page.request.post("/api/agency/invites", {
    data: { email, role: "team_designer" },
    headers: { origin: baseURL ?? "" },
  });
  expect(invite.status()).toBe(201);
  await acceptAsNewUser(browser, baseURL ?? "", email, ((await invite.json()) as { inviteUrl: string }).inviteUrl);

  const attacker = await browser.newContext({ baseURL });
  const signIn = (password: string) =>
    attacker.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: baseURL ?? "" } });
  // Four refused as wrong, the fifth locks: a 429 sooner would be another limit, not the lockout.
  const wrongAnswers: number[] = [];
  for (let i = 0; i < 5; i++) wrongAnswers.push((await signIn("Errada@Senha2026")).status());
  expect(wrongAnswers).toEqual([401, 401, 401, 401, 429]);
  expect((await signIn(PASSWORD)).status()).toBe(429);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openUsersTab(page);
  const member = page.getByTestId("user-row").filter({ hasText: email });
  await expect(member.getByText("Bloqueado")).toBeVisible();
  const findings = await seriousViolations(page, "usuários com membro bloqueado");
  expect(findings, describeFindings(findings)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/users-tab-locked.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await member.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/users-tab-locked-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await member.getByRole("button", { name: "Desbloquear Dora Convidada" }).click();
  await expect(page.getByText("Conta desbloqueada com sucesso")).toBeVisible();
  await expect(member.getByText("Bloqueado")).toHaveCount(0);
  expect((await signIn(PASSWORD)).status()).toBe(200);
  await attacker.close();
});

test("a designer can neither open the users tab nor read the users through the API", async ({ page }) => {
  await signInCached(page, "team_designer@aurora.example.com");
  await page.goto("/app/configuracoes?tab=usuarios");
  await expect(page.getByText("Acesso Negado")).toBeVisible();
  await expect(page.getByRole("button", { name: "Convidar Usuário" })).toHaveCount(0);
  expect((await page.request.get("/api/agency/users")).status()).toBe(403);
  expect((await page.request.get("/api/agency/invites")).status()).toBe(403);
});
