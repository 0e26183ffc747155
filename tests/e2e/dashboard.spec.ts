import { expect, test } from "@playwright/test";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";

const SHOT = (name: string) => ({ path: `/tmp/h4-${name}.png`, fullPage: true });

// Aurora in tests/factories/demo-data.ts: 5 customers (Livraria Página Nova inactive), 4 projects
// (one completed; budgets 18500 + 12000 + 9800 + 7500 = 47800), 5 leads scored 78, 35, 82, 91, 48
// (three above 50), 5 tasks of which one completed; the "alta" task due two days ago is overdue.
const AURORA = {
  customers: "4 de 5",
  projectsInProgress: "3",
  projectsTotal: "4 projetos no total",
  leads: "3 de 5",
  billing: /R\$\s47\.800,00/,
  firstTask: "Aprovar paleta de cores com o cliente",
  openTasks: 4,
};

// Each card only for a role that may view its module (issue 13): customers, leads and the
// budget (financial reports) are not the designer's or the client's business; with record scope
// "own" (designer, client) only its own projects and their tasks count.
const ROLES = [
  { role: "agency_manager", actions: 3, cards: ["customers", "projects", "leads", "billing"], tasks: true },
  { role: "team_designer", action: "Nova Peça", actions: 4, cards: ["projects"], tasks: true, ownOnly: true },
  { role: "sales_closer", action: "Novo Lead", actions: 4, cards: ["customers", "leads"], tasks: false },
  { role: "agency_client", actions: 3, cards: ["projects"], tasks: true, ownOnly: true },
];

for (const { role, action, actions, cards, tasks: seesTasks, ownOnly } of ROLES) {
  test(`${role}: the agency dashboard shows what the role may see of Aurora`, async ({ page }) => {
    await signInAs(page, `${role}@aurora.example.com`);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 2, name: /^Bem-vindo, .+!$/ })).toBeVisible();
    await expect(page.getByText(/Agência Aurora ·/)).toBeVisible();
    const shows = (card: string) => cards.includes(card);
    if (shows("customers")) await expect(page.getByTestId("stat-customers-value")).toHaveText(AURORA.customers);
    if (shows("projects") && !ownOnly) {
      await expect(page.getByTestId("stat-projects-value")).toHaveText(AURORA.projectsInProgress);
      await expect(page.getByTestId("stat-projects")).toContainText(AURORA.projectsTotal);
    }
    if (shows("leads")) await expect(page.getByTestId("stat-leads-value")).toHaveText(AURORA.leads);
    if (shows("billing")) await expect(page.getByTestId("stat-billing-value")).toHaveText(AURORA.billing);
    for (const card of ["customers", "projects", "leads", "billing"].filter((c) => !shows(c))) {
      await expect(page.getByTestId(`stat-${card}`)).toHaveCount(0);
    }
    await expect(page.getByText(/vs mês anterior/)).toHaveCount(0);

    const tasks = page.getByTestId("priority-task");
    if (seesTasks && !ownOnly) {
      await expect(tasks).toHaveCount(AURORA.openTasks);
      await expect(tasks.first()).toContainText(AURORA.firstTask);
      await expect(tasks.first()).toContainText("Atrasada");
      await expect(page.getByText("Atrasada")).toHaveCount(1);
    } else {
      await expect(page.getByText(AURORA.firstTask)).toHaveCount(0);
    }

    await expect(page.getByTestId("agency-status")).toContainText("Pro");
    await expect(page.getByTestId("agency-status")).toContainText("Ativo");
    await expect(page.getByText("Central de Ajuda")).toBeVisible();

    const quick = page.getByText("Ações Rápidas").locator("..").getByRole("button");
    await expect(quick).toHaveCount(actions);
    if (action) await expect(page.getByRole("button", { name: action })).toBeVisible();
    await page.screenshot(SHOT(`dashboard-${role}`));
  });
}

test("Boreal's manager sees Boreal's numbers, never Aurora's", async ({ page }) => {
  await signInAs(page, "agency_manager@boreal.example.com");
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-customers-value")).toHaveText("2 de 2");
  await expect(page.getByTestId("stat-billing-value")).toHaveText(/R\$\s11\.000,00/);
  await expect(page.getByTestId("stat-leads-value")).toHaveText("1 de 2");
});

test("a quick action opens its section", async ({ page }) => {
  await signInAs(page, "sales_closer@aurora.example.com");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Novo Lead" }).click();
  await expect(page).toHaveURL(/\/app\/crm\/pipelines$/);
});

test("a user without an agency sees 'Sem Agência Vinculada' and the footer fallbacks stay sane", async ({ page }) => {
  const email = `sem-agencia-${Date.now()}@exemplo.com.br`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "Senha@Forte2026!", name: "Sem Agência", firstName: "Sílvia", lastName: "Solta" },
  });
  expect(signUp.ok()).toBe(true);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Sem Agência Vinculada" })).toBeVisible();
  await expect(page.getByText(/Entre em contato com o administrador/)).toBeVisible();
  await expect(page.getByTestId("footer-name")).toHaveText("Sílvia Solta");
  await page.screenshot(SHOT("no-agency"));
});

test("Contatos and Financeiro show an honest empty state, never sample figures", async ({ page }) => {
  await signInAs(page, "agency_manager@aurora.example.com");
  for (const path of ["/app/crm/contatos", "/app/financeiro/visao-geral"]) {
    await page.goto(path);
    await expect(page.getByTestId("module-empty-state")).toContainText("Ainda não disponível");
    await expect(page.getByRole("main").getByText(/R\$/)).toHaveCount(0);
  }
  await page.screenshot(SHOT("finance"));
});
