import { expect, test } from "@playwright/test";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";
import { expectFullyOnScreen, expectNoSidewaysScroll, FIT_SIZES, shootSettled } from "./support/screen-fit.ts";

const SHOT = (name: string) => ({ path: `/tmp/h6a-${name}.png`, fullPage: true });

test.beforeEach(async ({ page }) => {
  await signInAs(page, "admin@nexo.example.com");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Painel Super Admin" })).toBeVisible();
});

test("creates an agency with a first manager and shows the invite link; the audit log filters by action", async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  await expect(page.getByText("Total de Agências")).toBeVisible();
  await page.getByRole("button", { name: "Nova Agência" }).click();
  await page.getByRole("button", { name: "Criar Agência" }).click();
  await expect(page.getByText("Nome e slug são obrigatórios").first()).toBeVisible();

  await page.getByLabel("Nome da agência").fill(`Agência São João ${suffix}`);
  await expect(page.getByLabel("Slug")).toHaveValue(`agencia-sao-joao-${suffix}`);
  await page.getByLabel("E-mail de contato").fill("contato@saojoao.com.br");
  await page.getByLabel("E-mail do primeiro gestor (opcional)").fill(`gestor-${suffix}@saojoao.com.br`);
  await page.screenshot(SHOT("agency-form"));
  await page.getByRole("button", { name: "Criar Agência" }).click();

  await expect(page.getByText("Agência criada com sucesso!")).toBeVisible();
  const link = page.getByLabel("Link do convite");
  await expect(link).toHaveValue(/\/accept-invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("button", { name: "Nova Agência" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Agência São João ${suffix}` })).toBeVisible();
  await page.screenshot(SHOT("agencies"));

  // A duplicate slug is refused with a clear message.
  await page.getByRole("button", { name: "Nova Agência" }).click();
  await page.getByLabel("Nome da agência").fill(`Agência São João ${suffix}`);
  await page.getByRole("button", { name: "Criar Agência" }).click();
  await expect(page.getByText("Erro ao criar agência: Já existe uma agência com este slug")).toBeVisible();
  await page.getByRole("button", { name: "Cancelar" }).click();

  // Deactivate, then edit the new agency's plan in the modal.
  const card = page.locator(".mantine-Card-root").filter({ hasText: `agencia-sao-joao-${suffix}` });
  await card.getByRole("button", { name: "Desativar" }).click();
  await page.getByRole("dialog", { name: "Desativar agência" }).getByRole("button", { name: "Desativar" }).click();
  await expect(card.getByText("Inativo")).toBeVisible();
  await card.getByRole("button", { name: "Editar" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar agência" });
  await dialog.getByLabel("Telefone de contato").fill("(11) 3000-0000");
  await page.screenshot(SHOT("agency-edit"));
  await dialog.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(card.getByText("(11) 3000-0000")).toBeVisible();
  await expect(card.getByText("Inativo")).toBeVisible();
  await card.getByRole("button", { name: "Ativar" }).click();
  await expect(card.getByText("Ativo", { exact: true })).toBeVisible();

  await page.getByRole("tab", { name: "Auditoria" }).click();
  await page.getByLabel("Ação", { exact: true }).fill("create");
  await page.getByRole("button", { name: "Filtrar" }).click();
  // Actions and resources by their pt-BR names, never the code's (issue 19).
  const rows = page.getByRole("row").filter({ hasText: "Agência" });
  await expect(rows.filter({ hasText: "Criação" }).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Atualização" })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "agencies", exact: true })).toHaveCount(0);
  await page.screenshot(SHOT("audit"));
});

test("deletes a user after confirmation; security, backup and permissions tabs render", async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `descartavel-${Date.now().toString(36)}@exemplo.com.br`;
  // A separate request context, so the new account's session does not replace the admin's.
  const visitor = await playwright.request.newContext({ baseURL });
  const signUp = await visitor.post("/api/auth/sign-up/email", {
    data: {
      email,
      password: "Descarte@Nexo2026",
      name: "Conta Descartável",
      firstName: "Conta",
      lastName: "Descartável",
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await visitor.dispose();
  await page.getByRole("tab", { name: "Usuários" }).click();
  // Every user of the platform, searched by name or e-mail across agencies.
  await page.getByLabel("Buscar usuários").fill("Descartável");
  const rowsFound = page.getByTestId("admin-user-row");
  await expect(rowsFound).toHaveCount(1);
  await expect(rowsFound).toContainText(email);
  await expect(rowsFound).toContainText("Sem agência");
  // Signing up signed the account in: its last access is that moment, not "Nunca" (outside QA, platform low #5).
  await expect(rowsFound).not.toContainText("Nunca");
  await expect(rowsFound).toContainText(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  await page.getByLabel("Buscar usuários").fill("closer@aurora");
  await expect(rowsFound).toHaveCount(1);
  await expect(rowsFound).toContainText("Agência Aurora");
  await expect(rowsFound).toContainText("Closer");
  await page.screenshot(SHOT("users"));

  await page.getByLabel("Buscar usuários").fill(email);
  await expect(rowsFound).toHaveCount(1);
  await rowsFound.getByRole("button", { name: `Deletar usuário ${email}` }).click();
  await page.getByRole("dialog", { name: "Confirmar exclusão" }).getByRole("button", { name: "Deletar" }).click();
  await expect(page.getByText("Usuário deletado com sucesso!")).toBeVisible();
  await expect(page.getByText("Nenhum usuário encontrado para esta busca.")).toBeVisible();

  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByText("Autenticação em dois fatores por agência")).toBeVisible();
  await expect(page.getByText("Agência Aurora").first()).toBeVisible();
  await page.screenshot(SHOT("security"));

  await page.getByRole("tab", { name: "Backup" }).click();
  await expect(page.getByRole("button", { name: "Baixar backup da plataforma" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar backup da plataforma" }).click();
  expect((await download).suggestedFilename()).toMatch(/^nexo-backup-plataforma-.*\.json$/);
  await page.screenshot(SHOT("backup"));

  await page.getByRole("tab", { name: "Permissões" }).click();
  await page.screenshot(SHOT("permissions"));
});

test("the admin lists keep every column and action on screen at 1280 and 390 px (outside QA, platform low #6)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const SHOTS = "/tmp/shots/admin-fit";
  for (const [label, size] of FIT_SIZES) {
    await page.setViewportSize(size);
    const tab = (name: string) => page.getByRole("tab", { name, exact: true }).click();

    await tab("Usuários");
    const user = page.getByTestId("admin-user-row").first();
    await expectFullyOnScreen(user.getByRole("button", { name: /^Deletar usuário / }), `usuários ${label}`);
    await expectFullyOnScreen(user.getByText(/^(Ativo|Bloqueado)$/).first(), `situação ${label}`);
    await expectNoSidewaysScroll(page, `usuários ${label}`);
    await shootSettled(page, `${SHOTS}/usuarios-${label}.png`);

    await tab("Auditoria");
    // The newest entry, a table row or a card: its action and its IP (the table's last column).
    const entry = page.locator('main tbody tr, [aria-label="Logs de auditoria"] [role="listitem"]').first();
    await expectFullyOnScreen(entry.locator(".mantine-Badge-root").first(), `auditoria, ação ${label}`);
    await expectFullyOnScreen(entry.getByText(/(\d+\.\d+\.\d+\.\d+|::1|—)$/).last(), `auditoria, IP ${label}`);
    await expectNoSidewaysScroll(page, `auditoria ${label}`);
    await shootSettled(page, `${SHOTS}/auditoria-${label}.png`);

    await tab("Permissões");
    await expectFullyOnScreen(page.getByRole("checkbox", { name: "Excluir Dashboard" }), `permissões ${label}`);
    await expectFullyOnScreen(page.getByRole("combobox", { name: "Registros Dashboard" }), `escopo ${label}`);
    await expectNoSidewaysScroll(page, `permissões ${label}`);
    await shootSettled(page, `${SHOTS}/permissoes-${label}.png`);

    await page.getByRole("tab", { name: "Backups" }).click();
    const remove = page.getByRole("button", { name: "Remover" }).first();
    await expect(remove.or(page.getByText("Nenhum backup encontrado"))).toBeVisible();
    if (!(await remove.isVisible())) {
      await page.getByRole("button", { name: "Criar backup" }).click();
    }
    await expectFullyOnScreen(remove, `backups ${label}`);
    await expectNoSidewaysScroll(page, `backups ${label}`);
    await shootSettled(page, `${SHOTS}/backups-${label}.png`);

    await tab("Agências");
    await expectFullyOnScreen(page.getByRole("button", { name: /^(Desativar|Ativar)$/ }).first(), `agências ${label}`);
    await expectNoSidewaysScroll(page, `agências ${label}`);
    await shootSettled(page, `${SHOTS}/agencias-${label}.png`);
  }
});
