import { expect, type Page, test } from "@playwright/test";
import { ROLE_MODULES } from "#domain/permissions.ts";
import type { Role } from "#domain/roles.ts";
import { childPath, NAV_ITEMS } from "#web/navigation.ts";
import { forgetSession, signInCached as signInAs } from "./support/cached-sign-in.ts";

const SHOT = (name: string) => ({ path: `/tmp/h4-${name}.png`, fullPage: true });

/**
 * The sidebar expected from the spec's client-side module map (§6), derived here independently of
 * the shell's code: an item with a module needs it; a parent without one needs one of its gated
 * children; a gated child outside the map is locked. Everyone sees the Dashboard.
 */
function expectedSidebar(role: Exclude<Role, "super_admin">) {
  const has = (module?: string) => module === "dashboard" || ROLE_MODULES[role].some((m) => m === module);
  const items = NAV_ITEMS.filter((item) =>
    item.module ? has(item.module) : item.children.some((child) => child.module && has(child.module)),
  );
  const locked = items.flatMap((item) =>
    item.children.filter((child) => child.module && !has(child.module)).map((child) => childPath(item, child)),
  );
  return { items: items.map((item) => item.key), locked };
}

async function sidebarState(page: Page) {
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.locator("[data-nav-item]").first()).toBeAttached();
  const items = await nav
    .locator("[data-nav-item]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-nav-item")));
  const locked = await nav
    .locator('[data-nav-child][data-locked="true"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-nav-child")));
  return { items, locked };
}

const CASES: { role: Exclude<Role, "super_admin">; sees: string[]; hidden: string[] }[] = [
  { role: "agency_manager", sees: ["crm", "financeiro", "configuracoes", "portal-cliente"], hidden: [] },
  { role: "team_designer", sees: ["projetos", "documentos"], hidden: ["crm", "financeiro", "inbox"] },
  { role: "sales_closer", sees: ["crm", "inbox"], hidden: ["projetos", "financeiro"] },
  { role: "agency_client", sees: ["projetos", "portal-cliente"], hidden: ["crm", "inbox", "financeiro"] },
];

for (const { role, sees, hidden } of CASES) {
  test(`${role}: sidebar items and locks follow the permission map`, async ({ page }) => {
    await signInAs(page, `${role}@aurora.example.com`);
    await page.goto("/dashboard");
    await expect(page.getByText("Nexo", { exact: true })).toBeVisible();
    await expect(page.getByText("Sistema Operacional")).toBeVisible();
    const state = await sidebarState(page);
    const expected = expectedSidebar(role);
    expect(state.items).toEqual(expected.items);
    expect(state.locked.sort()).toEqual(expected.locked.sort());
    for (const key of sees) expect(state.items).toContain(key);
    for (const key of hidden) expect(state.items).not.toContain(key);
    if (role === "agency_client") {
      // Most of the client's children are locked.
      expect(state.locked).toContain("/app/projetos/calendario");
      expect(state.locked).toContain("/app/portal-cliente/permissoes");
    }
  });
}

test("the active parent opens by itself; only one parent is expanded at a time", async ({ page }) => {
  await signInAs(page, "agency_manager@aurora.example.com");
  await page.goto("/app/");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/app/crm/contatos");
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.locator('[data-nav-child="/app/crm/contatos"]')).toBeVisible();
  await expect(nav.locator('[data-nav-child="/app/projetos/tarefas"]')).toBeHidden();
  await nav.locator('[data-nav-item="projetos"]').click();
  await expect(nav.locator('[data-nav-child="/app/projetos/tarefas"]')).toBeVisible();
  await expect(nav.locator('[data-nav-child="/app/crm/contatos"]')).toBeHidden();
  await nav.locator('[data-nav-child="/app/projetos/tarefas"]').click();
  await expect(page).toHaveURL(/\/app\/projetos\/tarefas$/);
  await expect(page.getByRole("heading", { level: 2, name: "Tarefas" })).toBeVisible();
});

test("Ctrl+K opens the command palette and reaches a screen", async ({ page }) => {
  await signInAs(page, "sales_closer@aurora.example.com");
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-customers")).toBeVisible();
  await page.keyboard.press("Control+K");
  const search = page.getByPlaceholder("Buscar telas e registros...");
  await expect(search).toBeVisible();
  await search.fill("Contatos");
  await page.screenshot(SHOT("palette"));
  // A closer may not see Financeiro, so the palette does not offer it.
  await expect(page.getByRole("button", { name: /Financeiro/ })).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/crm\/contatos$/);
  await expect(page.getByRole("heading", { level: 2, name: "Contatos" })).toBeVisible();
});

test("a section the user may not view shows the denial", async ({ page }) => {
  await signInAs(page, "agency_client@aurora.example.com");
  await page.goto("/app/crm/pipelines");
  await expect(page.getByText("Você não tem permissão para visualizar este módulo.")).toBeVisible();
  await expect(page.getByTestId("stage-leads")).toHaveCount(0);
  await page.goto("/app/financeiro/visao-geral");
  await expect(page.getByText("Você não tem permissão para visualizar este módulo.")).toBeVisible();
  await page.goto("/app/portal-cliente");
  await expect(page.getByText("Selecione uma seção no menu lateral para começar.")).toBeVisible();
  await page.screenshot(SHOT("client-parent"));
});

test("phone width: the sidebar is a drawer behind the burger", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "team_designer@aurora.example.com");
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-projects")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  // The drawer's menu is drawn when the burger first opens it; Mantine then slides it in and out.
  await expect(nav).toHaveCount(0);
  await page.screenshot(SHOT("phone-dashboard"));
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await expect(nav).toBeInViewport();
  await page.screenshot(SHOT("phone-drawer"));
  await nav.locator('[data-nav-item="projetos"]').click();
  await nav.locator('[data-nav-child="/app/projetos/calendario"]').click();
  await expect(page).toHaveURL(/\/app\/projetos\/calendario$/);
  await expect(nav).not.toBeInViewport();
  await page.screenshot(SHOT("phone-section"));
});

test("header: notifications, pipelines board and sign-out", async ({ page }) => {
  // Last in the file: signing out ends the cached session, and reusing it spares a sign-in
  // (better-auth's sign-in rate limit is shared by the whole e2e run).
  // The header's quick buttons show from 1408 px (below, they cut the screen's title).
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "sales_closer@aurora.example.com");
  await page.goto("/app/crm/pipelines");
  await expect(page.getByRole("heading", { level: 1, name: "Pipelines" })).toBeVisible();
  await expect(page.getByTestId("role-badge")).toHaveText("Closer");
  // The real board (crm.spec.ts covers it): its first column is there.
  await expect(page.getByTestId("stage-leads")).toBeVisible();
  await page.screenshot(SHOT("pipelines"));

  // The bell's real inbox is covered by notifications.spec.ts; here only that it opens.
  await page.getByRole("button", { name: /^Notificações \(\d+ não lidas?\)$/ }).click();
  await expect(page.getByRole("button", { name: "Ver todas as notificações" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Notificações" })).toBeHidden();

  await page.getByRole("button", { name: "Novo Projeto" }).click();
  await expect(page).toHaveURL(/\/app\/projetos\/visao-geral(\?novo=1)?$/);

  await page.getByRole("button", { name: "Sair" }).click();
  forgetSession("sales_closer@aurora.example.com");
  await expect(page.getByText("Logout realizado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth/);
});
