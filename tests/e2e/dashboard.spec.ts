import { expect, test } from "@playwright/test";
import { countLabel } from "#domain/count-label.ts";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";

const SHOT = (name: string) => ({ path: `/tmp/h4-${name}.png`, fullPage: true });

// The demo's figures move with the CRM, delivery and finance seeds and with what earlier specs
// create in the same data dir, so each card is checked against the server's answer for the same
// caller (the API tests check the figures themselves); what a role must never see is fixed here.
const FIRST_TASK = "Aprovar paleta de cores com o cliente";

type Stats = {
  customers?: { active: number; total: number };
  projects?: { inProgress: number; total: number };
  leads?: { qualified: number; total: number };
  priorityTasks: unknown[];
};

async function statsOf(page: import("@playwright/test").Page): Promise<Stats> {
  const response = await page.request.get("/api/dashboard/stats");
  expect(response.status()).toBe(200);
  return response.json();
}

// Each card only for a role that may view its module (issue 13): customers, leads and the
// budget (financial reports) are not the designer's or the client's business; with record scope
// "own" (designer, closer, client) only its own records count.
const ROLES = [
  { role: "agency_manager", actions: 3, cards: ["customers", "projects", "leads", "billing"], tasks: true },
  { role: "team_designer", action: "Nova Peça", actions: 4, cards: ["projects"], tasks: true, ownOnly: true },
  { role: "sales_closer", action: "Novo Lead", actions: 4, cards: ["customers", "leads"], tasks: false, ownOnly: true },
  { role: "agency_client", actions: 3, cards: ["projects"], tasks: true, ownOnly: true },
];

for (const { role, action, actions, cards, tasks: seesTasks, ownOnly } of ROLES) {
  test(`${role}: the agency dashboard shows what the role may see of Aurora`, async ({ page }) => {
    await signInAs(page, `${role}@aurora.example.com`);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 2, name: /^Bem-vindo, .+!$/ })).toBeVisible();
    await expect(page.getByText(/Agência Aurora ·/)).toBeVisible();
    const shows = (card: string) => cards.includes(card);
    // With record scope "own" a card counts only the caller's records: present, but not Aurora's totals.
    for (const card of cards) await expect(page.getByTestId(`stat-${card}`)).toBeVisible();
    const stats = await statsOf(page);
    if (stats.customers) {
      await expect(page.getByTestId("stat-customers-value")).toHaveText(
        `${stats.customers.active} de ${stats.customers.total}`,
      );
    }
    if (stats.projects) {
      await expect(page.getByTestId("stat-projects-value")).toHaveText(String(stats.projects.inProgress));
      await expect(page.getByTestId("stat-projects")).toContainText(
        countLabel(stats.projects.total, "projeto no total", "projetos no total"),
      );
    }
    if (stats.leads) {
      await expect(page.getByTestId("stat-leads-value")).toHaveText(`${stats.leads.qualified} de ${stats.leads.total}`);
    }
    for (const card of ["customers", "projects", "leads", "billing"].filter((c) => !shows(c))) {
      await expect(page.getByTestId(`stat-${card}`)).toHaveCount(0);
    }
    await expect(page.getByText(/vs mês anterior/)).toHaveCount(0);

    const tasks = page.getByTestId("priority-task");
    if (seesTasks && !ownOnly) {
      await expect(tasks).toHaveCount(stats.priorityTasks.length);
      await expect(tasks.first()).toContainText(FIRST_TASK);
      await expect(tasks.first()).toContainText("Atrasada");
    } else if (!seesTasks) {
      await expect(page.getByText(FIRST_TASK)).toHaveCount(0);
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
  const stats = await statsOf(page);
  const boreal = stats.customers;
  expect(boreal?.total).toBe(2);
  await expect(page.getByTestId("stat-customers-value")).toHaveText(`${boreal?.active} de ${boreal?.total}`);
  await expect(page.getByText(FIRST_TASK)).toHaveCount(0);
});

test("a quick action opens its section with its form", async ({ page }) => {
  await signInAs(page, "sales_closer@aurora.example.com");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Novo Lead" }).click();
  await expect(page).toHaveURL(/\/app\/crm\/pipelines\?nova=1$/);
  const form = page.getByRole("dialog", { name: "Nova Oportunidade" });
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: "Fechar" }).click();
  await expect(form).toBeHidden();
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
