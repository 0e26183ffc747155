import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { MODULE_CATEGORIES, MODULES } from "#domain/modules.ts";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";
import { DEMO_PASSWORD } from "./support/sign-in.ts";

const SHOT = (name: string) => ({ path: `.tmp/shots/permissions-${name}.png`, fullPage: true });

async function pick(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("Permissions tab of the Super Admin Panel", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin@nexo.example.com");
    await page.goto("/dashboard");
    await page.getByRole("tab", { name: "Permissões", exact: true }).click();
  });

  test("toggles a permission keeping view implied", async ({ page }) => {
    await expect(page.getByRole("tab", { name: "Por função" })).toHaveAttribute("aria-selected", "true");
    await pick(page, "Função", "Tráfego Pago");
    const view = page.getByRole("checkbox", { name: "Ver Tickets" });
    const create = page.getByRole("checkbox", { name: "Criar Tickets" });
    await expect(view).not.toBeChecked();
    // click + web-first assertions: the table re-renders from the query cache a tick after the
    // click, which check()/uncheck() (they read the state at once) would call a failed click.
    await create.click();
    await expect(create).toBeChecked();
    await expect(view).toBeChecked();
    await page.screenshot(SHOT("table"));
    // Turning view off turns everything off, which also puts the demo data back as it was.
    await view.click();
    await expect(view).not.toBeChecked();
    await expect(create).not.toBeChecked();

    await pick(page, "Função", "Super Admin");
    await expect(page.getByText("O Super Admin sempre tem acesso total")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Ver Agências" })).toBeDisabled();
  });

  test("creates a template and a backup", async ({ page }) => {
    const name = `Modelo Gestor ${Date.now().toString(36)}`;
    await page.getByRole("tab", { name: "Templates" }).click();
    await page.getByRole("button", { name: "Criar template" }).click();
    await expect(page.getByText("Nome do template é obrigatório")).toBeVisible();
    await page.getByLabel("Nome do template").fill(name);
    await page.getByLabel("Descrição (opcional)").fill("Permissões padrão de um gestor");
    await page.getByRole("button", { name: "Criar template" }).click();
    await expect(page.getByText("Template criado com sucesso")).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await page.screenshot(SHOT("templates"));

    await page.getByRole("tab", { name: "Backups" }).click();
    const rows = page.getByRole("row").filter({ has: page.getByRole("button", { name: "Restaurar" }) });
    const before = await rows.count();
    await page.getByRole("button", { name: "Criar backup" }).click();
    await expect(page.getByText("Backup criado com sucesso")).toBeVisible();
    await expect(rows).toHaveCount(Math.min(before + 1, 10));
    await page.screenshot(SHOT("backups"));
  });

  test("exports a file after confirming the password, and imports it back", async ({ page }) => {
    // Exports need a password confirmed in the last ten minutes (issue 13, item 11). The browser
    // cannot age its session, so the first export gets the answer the server gives a stale one
    // (tests/api/permissions proves the server gives it); the prompt then confirms the password
    // with the real server and the export is sent again.
    let refusedOnce = false;
    await page.route("**/api/admin/permissions/export", (route) => {
      if (refusedOnce) return route.continue();
      refusedOnce = true;
      return route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "reauthentication_required", message: "Por segurança, confirme sua senha para continuar." },
        }),
      });
    });
    await page.getByRole("tab", { name: "Importar / Exportar" }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar permissões" }).click();
    const prompt = page.getByRole("dialog", { name: "Confirme sua senha" });
    await expect(prompt.getByText("Por segurança, confirme sua senha para continuar.")).toBeVisible();
    await prompt.getByLabel(/^Senha/).fill("Errada@Senha2026");
    await prompt.getByRole("button", { name: "Confirmar" }).click();
    await expect(prompt.getByText("Senha atual incorreta.")).toBeVisible();
    await prompt.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
    await page.screenshot(SHOT("reauth-prompt"));
    await prompt.getByRole("button", { name: "Confirmar" }).click();
    await expect(prompt).toHaveCount(0);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^permissions-backup-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}\.json$/);
    const filePath = await download.path();
    const exported = JSON.parse(await readFile(filePath, "utf8"));
    expect(Object.keys(exported).sort()).toEqual(["exported_at", "permissions", "total_permissions", "version"]);
    expect(exported.version).toBe("1.0");
    expect(exported.permissions).toHaveLength(exported.total_permissions);

    await page.getByRole("button", { name: "Importar permissões" }).click();
    await expect(page.getByText("Dados de importação são obrigatórios")).toBeVisible();
    await page.getByLabel("Dados de importação (JSON)").fill("{ isto não é json");
    // The first refusal's toast sits over the button (bottom right): submit from the keyboard.
    await page.getByRole("button", { name: "Importar permissões" }).press("Enter");
    await expect(page.getByText("Formato de dados inválido")).toBeVisible();
    // A file with a problem is refused whole, the problem named (outside QA, platform low #3).
    const [first, ...others] = exported.permissions;
    const tampered = { ...exported, permissions: [{ ...first, module: "modulo_fantasma" }, ...others] };
    await page.getByLabel("Dados de importação (JSON)").fill(JSON.stringify(tampered));
    await page.getByRole("button", { name: "Importar permissões" }).press("Enter");
    await expect(page.getByText('Registro 1: módulo desconhecido "modulo_fantasma"')).toBeVisible();

    const choosing = page.waitForEvent("filechooser");
    // The refusal's toast may sit over this button too: open the chooser from the keyboard.
    await page.getByRole("button", { name: "Escolher arquivo" }).press("Enter");
    await (await choosing).setFiles(filePath);
    await expect(page.getByLabel("Dados de importação (JSON)")).toHaveValue(/"total_permissions"/);
    await page.screenshot(SHOT("transfer"));
    await page.getByRole("button", { name: "Importar permissões" }).press("Enter");
    await expect(page.getByText("Permissões importadas com sucesso")).toBeVisible();
  });
});

test.describe("Sistema de Permissões screen", () => {
  test("an agency manager filters and reads the three tabs", async ({ page }) => {
    await signInAs(page, "agency_manager@aurora.example.com");
    await page.goto("/app/portal-cliente/permissoes");
    await expect(page.getByRole("heading", { name: "Sistema de Permissões" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Função", exact: true })).toHaveValue("Gestor da Agência");
    const badge = page.getByText(/^\d+ permiss(ões configuradas|ão configurada)$/);
    await expect(badge).toBeVisible();
    const all = Number.parseInt((await badge.textContent()) ?? "", 10);
    expect(all).toBeGreaterThan(10);
    await expect(page.locator("[data-module=configuracoes]")).toBeVisible();
    await page.screenshot(SHOT("screen-overview"));

    await page.getByLabel("Buscar módulo").fill("PIPELINES");
    await expect(page.locator("[data-module]")).toHaveCount(1);
    await expect(page.locator("[data-module=crm_pipelines]")).toBeVisible();
    await expect(badge).toHaveText("1 permissão configurada");
    await page.getByLabel("Buscar módulo").fill("");
    await pick(page, "Categoria", "Inbox");
    await expect(page.locator("[data-module]")).toHaveCount(3);

    await page.getByRole("tab", { name: "Detalhada por Categoria" }).click();
    await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Excluir Conversas" })).toBeChecked();
    await page.screenshot(SHOT("screen-category"));

    await page.getByRole("tab", { name: "Matriz de Permissões" }).click();
    await expect(page.getByRole("columnheader", { name: "Designer", exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Designer — Conversas: sem acesso", exact: true })).toBeVisible();
    await expect(
      page.getByRole("img", { name: "Atendimento — Conversas: Ver, Criar, Editar", exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(1 + 1 + 3);
    await pick(page, "Categoria", "Portal Cliente");
    await pick(page, "Função", "Cliente");
    await expect(badge).toHaveText("1 permissão configurada");
    await expect(page.getByRole("columnheader").nth(1)).toHaveText("Cliente");
    await expect(page.getByRole("img", { name: "Cliente — Relatórios do Portal: Ver", exact: true })).toBeVisible();
    await pick(page, "Categoria", "Todas as categorias");
    await expect(page.getByRole("row")).toHaveCount(1 + MODULE_CATEGORIES.length + MODULES.length);
    await page.screenshot(SHOT("screen-matrix"));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("tab", { name: "Visão Geral" }).click();
    await page.screenshot(SHOT("screen-phone"));
    await page.getByRole("tab", { name: "Matriz de Permissões" }).click();
    await page.screenshot(SHOT("screen-phone-matrix"));
  });

  test("a client without portal_permissoes sees the warning", async ({ page }) => {
    await signInAs(page, "agency_client@aurora.example.com");
    await page.goto("/app/portal-cliente/permissoes");
    await expect(page.getByRole("alert")).toContainText("Você não tem permissão para visualizar este módulo.");
    await expect(page.getByRole("heading", { name: "Sistema de Permissões" })).toHaveCount(0);
  });
});
