import { type Browser, expect, type Page, test } from "@playwright/test";
import { startFreshServer, type FreshServer } from "./support/fresh-server.ts";
import { routePaths } from "./support/route-paths.ts";
import { screenshooter } from "./support/screenshots.ts";

/**
 * Issue 19, the first hour on a fresh install: no super admin → /admin-setup → the panel → an
 * agency → its invite link → the invitee creates an account from the link → lands in the agency.
 * Then the new agency's screens carry no figure that is not its own, and the sidebar works by keyboard.
 */

const FRESH_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;
const SHOTS = "/tmp/shots/firsthour";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const ADMIN = { name: "Fernanda Fundadora", email: "fernanda@primeirahora.com.br", password: "Fundadora@Nexo2026" };
const MANAGER = { firstName: "Gabriela", lastName: "Gestora", email: "gabriela@primeirahora.com.br" };
const MANAGER_PASSWORD = "Gestora@Nexo2026";
const AGENCY = "Agência Primeira Hora";

let fresh: FreshServer;
let inviteUrl = "";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fresh = await startFreshServer(FRESH_PORT);
});

test.afterAll(async () => {
  await fresh?.stop();
});

const shoot = screenshooter(SHOTS);

test("with no super admin, the log, / and /auth lead to the setup, which signs the admin in on the panel", async ({
  page,
}) => {
  expect(fresh.log()).toContain(`${fresh.url}/admin-setup`);
  await page.goto(`${fresh.url}/`);
  await expect(page).toHaveURL(/\/admin-setup$/);
  await page.goto(`${fresh.url}/auth`);
  await expect(page).toHaveURL(/\/admin-setup$/);
  await expect(page.getByRole("heading", { name: "Configuração do Super Admin" })).toBeVisible();

  const submit = page.getByRole("button", { name: "Criar Super Admin" });
  await page.getByLabel(/^Senha/).fill("fraca");
  await expect(submit).toBeDisabled();
  await page.getByLabel("Seu nome").fill(ADMIN.name);
  await page.getByLabel("Email do super admin").fill(ADMIN.email);
  await page.getByLabel(/^Senha/).fill(ADMIN.password);
  await page.getByLabel(/^Confirmar senha/).fill(`${ADMIN.password}x`);
  await submit.click();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();
  await shoot(page, "01-admin-setup");
  await page.getByLabel(/^Confirmar senha/).fill(ADMIN.password);
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Painel Super Admin" })).toBeVisible();
  // The toast says what happened: signed in already, not "você já pode fazer login".
  await expect(page.getByText("Super admin criado com sucesso! Você já entrou no painel.")).toBeVisible();
  await expect(page.getByText(/já pode fazer login/)).toHaveCount(0);
  await expect(page.getByTestId("footer-name")).toHaveText(ADMIN.name);
  // A super admin without an agency is shown what they use: the panel, not twelve agency modules.
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.locator("[data-nav-item]")).toHaveCount(1);
  await shoot(page, "02-super-admin-panel");
  // On a phone the tabs follow the two counts: the cards that count nothing (Segurança "Ativo",
  // Auditoria "Logs") pushed them some 540 px down (issue 19).
  await page.setViewportSize(PHONE);
  await expect(page.getByText("Total de Agências")).toBeVisible();
  await expect(page.getByText("Logs", { exact: true })).toBeHidden();
  const tabs = await page.getByRole("tablist").first().boundingBox();
  expect(tabs?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(450);
  await page.setViewportSize(DESKTOP);
  await expect(page.getByText("Logs", { exact: true })).toBeVisible();

  const again = await page.request.post(`${fresh.url}/api/admin-setup`, {
    data: { name: "Outra", email: "outra@exemplo.com.br", password: ADMIN.password },
  });
  expect(again.status()).toBe(409);
  await page.goto(`${fresh.url}/app/configuracoes`);
  await expect(page.getByText("Sem agência vinculada")).toBeVisible();
  await expect(page.getByText(/não está associado/)).toHaveCount(0);
  // An inbox belongs to an agency: no bell for the super admin, and the notification screens say why.
  await expect(page.getByRole("button", { name: /^Notificações \(/ })).toHaveCount(0);
  await page.goto(`${fresh.url}/app/notificacoes/preferencias`);
  await expect(page.getByText("Sem agência vinculada")).toBeVisible();
});

test("the super admin creates an agency and is given its manager's invite link to copy", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${fresh.url}/dashboard`);
  await page.getByRole("button", { name: "Nova Agência" }).click();
  await page.getByLabel("Nome da agência").fill(AGENCY);
  await page.getByLabel("E-mail do primeiro gestor (opcional)").fill(MANAGER.email);
  await page.getByRole("button", { name: "Criar Agência" }).click();
  await expect(page.getByText("Agência criada com sucesso!")).toBeVisible();
  inviteUrl = await page.getByLabel("Link do convite").inputValue();
  expect(inviteUrl).toMatch(/\/accept-invite\/[A-Za-z0-9_-]{43}$/);
  await shoot(page, "03-agency-created");
});

test("the invitee opens the link signed out, creates an account and lands in the agency", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(inviteUrl);
  // A new browser context's first page: its chunks are not cached yet (it drew after 5 s under load).
  await expect(page.getByRole("heading", { name: `Convite para ${AGENCY}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Gestor da Agência")).toBeVisible();
  await expect(page.getByText("Você precisa estar logado")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Criar conta" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(MANAGER.email);
  await expect(page.getByLabel("Função")).toHaveCount(0);
  await expect(page.getByLabel("Empresa")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Nome", exact: true }).fill(MANAGER.firstName);
  await page.getByLabel("Sobrenome").fill(MANAGER.lastName);
  await page.getByLabel(/^Senha/).fill(MANAGER_PASSWORD);
  await page.getByLabel(/^Confirmar senha/).fill(MANAGER_PASSWORD);
  await shoot(page, "04-invite-landing");
  await page.getByRole("button", { name: "Criar conta e entrar na agência" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Bem-vindo, ${MANAGER.firstName}!` })).toBeVisible();
  const me = await (await page.request.get("/api/me")).json();
  expect(me.user).toMatchObject({ agencyName: AGENCY, role: "agency_manager", email: MANAGER.email });
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toContainText("Dashboard");
  await shoot(page, "05-agency-dashboard");
  await page.context().close();
});

test("a fresh agency's screens show no money other than zero and no count it does not have", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, MANAGER.email, MANAGER_PASSWORD);
  const screens = routePaths().filter(
    (path) => (path === "/dashboard" || path.startsWith("/app/")) && !path.includes(":"),
  );
  expect(screens.length).toBeGreaterThan(10);
  for (const path of screens) {
    await page.goto(`${fresh.url}${path}`);
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".mantine-Loader")).toHaveCount(0);
    const text = (await page.locator("body").allInnerTexts()).join("\n");
    const money = text.match(/R\$\s?[\d.]+,\d{2}/g) ?? [];
    expect(
      money.filter((amount) => !/^R\$\s?0,00$/.test(amount)),
      `${path}: ${money.join(", ")}`,
    ).toEqual([]);
    // Counts on the shell (sidebar badges, bell): none until something real is counted.
    const shellCounts = await page
      .locator("nav .mantine-Badge-root, header .mantine-Badge-root, header .mantine-Indicator-indicator")
      .allInnerTexts();
    expect(
      shellCounts.filter((badge) => /\d/.test(badge)),
      path,
    ).toEqual([]);
  }
  await page.goto(`${fresh.url}/dashboard`);
  for (const id of ["stat-customers-value", "stat-leads-value"])
    await expect(page.getByTestId(id)).toHaveText("0 de 0");
  await expect(page.getByTestId("stat-projects-value")).toHaveText("0");
  await expect(page.getByTestId("stat-billing-value")).toHaveText(/^R\$\s?0,00$/);
  // "Atividade Recente" is the agency's real timeline now (tests/api/platform checks what it lists).
  await expect(page.getByText(/vs mês anterior/)).toHaveCount(0);
  await page.context().close();
});

test("every sidebar entry is reached and opened with the keyboard alone", async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, MANAGER.email, MANAGER_PASSWORD);
  await page.goto(`${fresh.url}/dashboard`);
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.locator("[data-nav-item]").first()).toBeVisible();

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Pular para o conteúdo" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  const items = await nav
    .locator("[data-nav-item]")
    .evaluateAll((els) =>
      els.map((el) => ({ key: el.getAttribute("data-nav-item") ?? "", isGroup: el.tagName === "BUTTON" })),
    );
  expect(items.length).toBeGreaterThan(5);
  for (const item of items) {
    const entry = nav.locator(`[data-nav-item="${item.key}"]`);
    await tabTo(page, `[data-nav-item="${item.key}"]`);
    await expect(entry).toBeFocused();
    expect(await hasVisibleFocus(page), `${item.key}: visible focus`).toBe(true);
    if (!item.isGroup) {
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${await entry.getAttribute("href")}$`));
      continue;
    }
    if ((await entry.getAttribute("aria-expanded")) !== "true") await page.keyboard.press("Enter");
    await expect(entry).toHaveAttribute("aria-expanded", "true");
    // Only this group's entries: every group's are in the page (collapsed ones hidden), and a walk
    // that took them all looked for the next group's Pipelines inside the open Caixa de Entrada.
    const group = nav.locator(`#${await entry.getAttribute("aria-controls")}`);
    await expect(group).toBeVisible();
    const children = await group
      .locator(`[data-nav-child]:not([data-locked="true"])`)
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-nav-child") ?? ""));
    expect(children.length, `${item.key}: entries`).toBeGreaterThan(0);
    for (const child of children) {
      await tabTo(page, `[data-nav-child="${child}"]`);
      expect(await hasVisibleFocus(page), `${child}: visible focus`).toBe(true);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${child}$`));
    }
  }

  // Esc closes what opened: the palette and the bell's panel.
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog", { name: "Buscar telas" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Buscar telas" })).toBeHidden();
  await page.getByRole("button", { name: "Notificações" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Notificações" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Notificações" })).toBeHidden();
  await page.context().close();
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: fresh.url, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  const response = await page.request.post(`${fresh.url}/api/auth/sign-in/email`, { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Presses Tab until the element matching `selector` has the focus (the page's whole tab order at most). */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; presses < 200; presses++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focused element draws a ring (outline or box-shadow), so a keyboard user sees where they are. */
function hasVisibleFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
  });
}
