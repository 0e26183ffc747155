import { writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { describeFindings, expectAccessible, seriousViolations, settle } from "./support/axe.ts";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";
import { screenshooter } from "./support/screenshots.ts";

// Aurora's demo (tests/factories/delivery-demo.ts) has a deal in "fechados" waiting to be won:
// "Portal de reservas" of Vento Norte Turismo; the first test wins it and makes it a project.
const SHOTS = "/tmp/shots/delivery";
const shot = screenshooter(SHOTS);
/** The QA report's two sizes (outside QA, delivery): a laptop and a phone, each after the screen settles. */
async function shotAtQaSizes(page: Page, name: string) {
  for (const [label, size] of [
    ["1366", { width: 1366, height: 800 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}
/** A Mantine Select or MultiSelect's input (its listbox carries the same label). */
const combobox = (page: Page, label: string) => page.getByLabel(label, { exact: true }).first();
/** yyyy-mm-dd and HH:mm of an instant in the browser's timezone. */
const browserClock = (at: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Sao_Paulo",
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(at)
    .split(" ");
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Whether the page is wider than the window (a phone would scroll it sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The bell of a signed-in page: its unread count (from its accessible name). */
const bell = (page: Page) => page.getByRole("button", { name: /^Notificações \(\d+ não lidas?\)$/ });
const unread = async (page: Page) => Number((await bell(page).getAttribute("aria-label"))?.match(/\d+/)?.[0]);

test("win a deal → project → assigned task (bell) → timer across a reload → timesheet → calendar", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "agency_manager@aurora.example.com");
  // The assignee (Carla Aurora, designer) in a browser of her own: her bell before the assignment.
  const designer = await (await browser.newContext()).newPage();
  await signInAs(designer, "team_designer@aurora.example.com");
  await designer.goto("/dashboard");
  await expect(bell(designer)).toBeVisible({ timeout: 30_000 });
  const unreadBefore = await unread(designer);

  await page.goto("/app/crm/pipelines");
  await page
    .getByTestId("stage-fechados")
    .getByTestId("deal-Portal de reservas")
    .getByRole("button", { name: "Portal de reservas", exact: true })
    .click();
  await page.getByRole("button", { name: "Marcar como ganha" }).click();
  await expect(page.getByText("Oportunidade ganha!")).toBeVisible();

  await page.goto("/app/projetos/visao-geral");
  await page.getByRole("button", { name: "De um negócio ganho" }).click();
  await combobox(page, "Negócio ganho").click();
  await page.getByRole("option", { name: /Vento Norte Turismo – Portal de reservas/ }).click();
  await page.getByRole("button", { name: "Criar projeto" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Vento Norte Turismo – Portal de reservas" })).toBeVisible();
  await expect(page.getByText(/R\$\s15\.800,00/)).toBeVisible();
  await expect(page.getByText("Vento Norte Turismo · Responsável:")).toBeVisible();

  await page.getByRole("button", { name: "Nova tarefa" }).click();
  await page.getByLabel("Título").fill("Wireframe do portal");
  await combobox(page, "Responsáveis").click();
  await page.getByRole("option", { name: "Carla Aurora" }).click();
  await page.getByLabel("Prazo").fill(isoDay(2));
  await page.getByRole("button", { name: "Criar tarefa" }).click();
  const card = page.getByTestId("column-pending").getByTestId("task-card").filter({ hasText: "Wireframe do portal" });
  await expect(card).toBeVisible();
  await expect(card.getByLabel("Carla Aurora")).toBeVisible();
  // The assignee's bell lights up (live, or at the latest on her next page load).
  await expect(async () => {
    await designer.reload();
    expect(await unread(designer)).toBe(unreadBefore + 1);
  }).toPass({ timeout: 20_000 });
  await bell(designer).click();
  await expect(designer.getByText("Wireframe do portal").first()).toBeVisible();
  await designer.context().close();

  await page.getByRole("button", { name: "Iniciar cronômetro" }).click();
  await expect(page.getByTestId("header-timer")).toBeVisible();
  await shot(page, "project-page");
  await page.reload();
  await expect(page.getByTestId("header-timer")).toBeVisible();
  // On a phone, with the timer in the header: the screen's title whole, and neither the month
  // nor the week scrolls sideways.
  await page.goto("/app/projetos/calendario");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("calendar-item").filter({ hasText: "Wireframe do portal" })).toBeVisible();
  const title = page.getByRole("banner").getByRole("heading", { level: 1 });
  await expect(title).toHaveText("Calendário");
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await scrollsSideways(page)).toBe(false);
  const findings = await seriousViolations(page, "calendário no celular, cronômetro no cabeçalho");
  expect(findings, describeFindings(findings)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/calendar-timer-phone.png`, fullPage: true });
  await page.getByText("Semana", { exact: true }).click();
  await expect(page.getByRole("region", { name: "Dias do calendário" }).getByText(/^Seg \d+$/)).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: `${SHOTS}/calendar-week-timer-phone.png`, fullPage: true });
  await page.getByTestId("header-timer").getByRole("button", { name: "Parar cronômetro" }).click();
  await expect(page.getByTestId("header-timer")).toHaveCount(0);
  // The run lasted under a minute: nothing is recorded, and the user is told (not a 0-minute entry).
  await expect(page.getByText("Cronômetro parado com menos de 1 minuto: nada foi lançado.")).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto("/app/projetos/tempo");
  const week = page.getByRole("table");
  await combobox(page, "Projeto").click();
  await page.getByRole("option", { name: "Vento Norte Turismo – Portal de reservas" }).click();
  // 90 minutes that ended half an hour ago (hours in the future are refused), as the browser's
  // clock reads it (playwright.config.ts: America/Sao_Paulo).
  const [day, time] = browserClock(new Date(Date.now() - 2 * 3_600_000));
  await page.getByLabel("Dia").fill(day);
  await page.getByLabel("Início").fill(time);
  await page.getByLabel("Duração (min)").fill("90");
  await page.getByRole("button", { name: "Lançar horas" }).click();
  await expect(week.getByText("Vento Norte Turismo – Portal de reservas")).toBeVisible();
  await expect(week.getByText("1h 30min")).toBeVisible();
  await shot(page, "timesheet");

  await page.goto("/app/projetos/calendario");
  await expect(page.getByTestId("calendar-item").filter({ hasText: "Wireframe do portal" })).toBeVisible();
  await shot(page, "calendar");

  await page.goto("/app/projetos/tarefas");
  await page.getByRole("switch", { name: "Minhas tarefas" }).click();
  await page.getByText("Quadro", { exact: true }).click();
  await expect(page.getByTestId("column-pending").getByText("Wireframe do portal")).toBeVisible();
  await shot(page, "task-board");
});

test("the assigned designer finds the task in 'minhas tarefas'", async ({ page }) => {
  await signInAs(page, "team_designer@aurora.example.com");
  await page.goto("/app/projetos/tarefas");
  await expect(page.getByTestId("task-card").filter({ hasText: "Wireframe do portal" })).toBeVisible();
  await page.goto("/app/projetos/visao-geral");
  await expect(
    page.getByTestId("project-row").filter({ hasText: "Vento Norte Turismo – Portal de reservas" }),
  ).toBeVisible();
  await shot(page, "overview-designer");
});

test("a task is edited from its drawer: details, dependency, checklist and a file", async ({ page }, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "agency_manager@aurora.example.com");
  const run = Date.now().toString(36);
  const { projects } = await (await page.request.get("/api/projects?limit=1")).json();
  const projectId = projects[0].id as string;
  for (const title of [`Briefing ${run}`, `Layout ${run}`]) {
    expect((await page.request.post("/api/tasks", { data: { projectId, title } })).status()).toBe(201);
  }

  await page.goto(`/app/projetos/visao-geral/${projectId}`);
  await page
    .getByTestId("task-card")
    .filter({ hasText: `Layout ${run}` })
    .getByText(`Layout ${run}`)
    .click();
  const drawer = page.getByRole("dialog", { name: `Layout ${run}` });
  await drawer.getByRole("button", { name: "Editar" }).click();
  const form = page.getByRole("dialog", { name: "Editar tarefa" });
  await form.getByLabel("Título").fill(`Layout da home ${run}`);
  await combobox(page, "Prioridade").click();
  await page.getByRole("option", { name: "Alta" }).click();
  await combobox(page, "Depende de").click();
  await page.getByRole("option", { name: `Briefing ${run}` }).click();
  await page.keyboard.press("Escape"); // closes the options, not the form
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form).toHaveCount(0);
  const edited = page.getByRole("dialog", { name: `Layout da home ${run}` });
  await expect(edited.getByText("Prioridade: Alta")).toBeVisible();
  await expect(edited.getByText(`Depende de: Briefing ${run}`)).toBeVisible();

  await edited.getByLabel("Novo item").fill("Revisar textos");
  await edited.getByRole("button", { name: "Adicionar" }).click();
  await expect(edited.getByRole("checkbox", { name: "Revisar textos" })).toBeVisible();
  await edited.getByRole("checkbox", { name: "Revisar textos" }).click(); // checked once the server saved it
  await expect(edited.getByRole("checkbox", { name: "Revisar textos" })).toBeChecked();
  await expect(edited.getByText("Checklist (1/1)")).toBeVisible();

  const file = info.outputPath("briefing.txt");
  writeFileSync(file, "Briefing do cliente\n");
  await edited.locator("input[type=file]").setInputFiles(file);
  await expect(edited.getByRole("link", { name: "briefing.txt" })).toBeVisible();
  await shot(page, "task-drawer");

  await page.reload();
  await page
    .getByTestId("task-card")
    .filter({ hasText: `Layout da home ${run}` })
    .getByText(`Layout da home ${run}`)
    .click();
  const reloaded = page.getByRole("dialog", { name: `Layout da home ${run}` });
  await expect(reloaded.getByRole("checkbox", { name: "Revisar textos" })).toBeChecked();
  await expect(reloaded.getByRole("link", { name: "briefing.txt" })).toBeVisible();
});

test("a board column and a task list show 50 at a time and load the rest with 'Carregar mais'", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "agency_manager@aurora.example.com");
  const run = Date.now().toString(36);
  const created = await page.request.post("/api/projects", { data: { name: `Campanha longa ${run}` } });
  expect(created.status()).toBe(201);
  const { id: projectId } = await created.json();
  for (let i = 1; i <= 52; i++) {
    const title = `Peça ${String(i).padStart(2, "0")} ${run}`;
    expect((await page.request.post("/api/tasks", { data: { projectId, title } })).status()).toBe(201);
  }

  await page.goto(`/app/projetos/visao-geral/${projectId}`);
  const pending = page.getByTestId("column-pending");
  await expect(pending.getByTestId("task-card")).toHaveCount(50);
  await expect(pending.getByText("Mostrando 50 de 52")).toBeVisible();
  const more = pending.getByRole("button", { name: "Carregar mais tarefas em A fazer" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(pending.getByTestId("task-card")).toHaveCount(52);
  await expect(pending.getByText(`Peça 52 ${run}`)).toBeVisible();
  await expect(more).toHaveCount(0);

  await page.goto("/app/projetos/tarefas");
  await page.getByRole("switch", { name: "Minhas tarefas" }).click();
  await combobox(page, "Projeto").fill(`Campanha longa ${run}`);
  await page.getByRole("option", { name: `Campanha longa ${run}` }).click();
  await expect(page.getByTestId("task-card")).toHaveCount(50);
  await page.getByRole("button", { name: "Carregar mais" }).click();
  await expect(page.getByTestId("task-card")).toHaveCount(52);
  await expect(page.getByRole("button", { name: "Carregar mais" })).toHaveCount(0);
});

test("a project is edited from its page: status, client, hourly rate", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "agency_manager@aurora.example.com");
  const run = Date.now().toString(36);
  const created = await page.request.post("/api/projects", { data: { name: `Site institucional ${run}` } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.goto(`/app/projetos/visao-geral/${id}`);
  await page.getByRole("button", { name: "Editar", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Editar projeto" });
  await expect(form.getByLabel("Nome do projeto")).toHaveValue(`Site institucional ${run}`);
  await combobox(page, "Status").click();
  await page.getByRole("option", { name: "Em andamento" }).click();
  const { companies } = await (await page.request.get("/api/crm/companies?limit=1")).json();
  const client = companies[0].name as string;
  await combobox(page, "Cliente").fill(client.split(" ")[0]);
  await page.getByRole("option", { name: client }).click();
  await form.getByLabel("Valor/hora (R$)").fill("150,00");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(`${client} · Responsável:`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).locator("..").getByText("Em andamento")).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "Editar", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Editar projeto" }).getByLabel("Valor/hora (R$)")).toHaveValue(
    "R$ 150,00",
  );
  await page.keyboard.press("Escape");
  await shot(page, "project-edited");
});

test("a manager sets a person's hourly rate on the Tempo page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "agency_manager@aurora.example.com");
  await page.goto("/app/projetos/tempo");
  await page.getByRole("button", { name: "Valores por hora" }).click();
  const drawer = page.getByRole("dialog", { name: "Valores por hora" });
  const rate = 100 + (Date.now() % 800); // differs per run, so a retry sees its own value saved
  const field = drawer.getByLabel("Valor/hora de Carla Aurora");
  await field.fill(`${rate},50`);
  await field.locator("xpath=ancestor::tr").getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Valor/hora salvo.")).toBeVisible();
  await shot(page, "hourly-rates");
  await page.reload();
  await page.getByRole("button", { name: "Valores por hora" }).click();
  await expect(drawer.getByLabel("Valor/hora de Carla Aurora")).toHaveValue(`R$ ${rate},50`);
});

test("a manager opens a team member's week under 'Pessoa' and approves it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInAs(page, "agency_manager@aurora.example.com");
  await page.goto("/app/projetos/visao-geral");
  await expect(page.getByTestId("project-row").first()).toBeVisible();
  await shot(page, "projects-list");
  await shotAtQaSizes(page, "qa-projects-list");
  await page.goto("/app/projetos/calendario");
  await expect(page.getByTestId("calendar-item").first()).toBeVisible();
  await shotAtQaSizes(page, "qa-calendar");

  await page.goto("/app/projetos/tempo");
  await combobox(page, "Pessoa").click();
  await page.getByRole("option", { name: "Carla Aurora" }).click();
  await expect(combobox(page, "Pessoa")).toHaveValue("Carla Aurora");
  // The demo leaves the last seven days pending: this week's, or on a Sunday or Monday the one before.
  const approve = page.getByRole("button", { name: /^Aprovar \d+ lançamento\(s\)$/ });
  await settle(page);
  if (!(await approve.isVisible())) await page.getByRole("button", { name: "Semana anterior" }).click();
  await expect(approve).toBeVisible();
  await shotAtQaSizes(page, "qa-timesheet-person");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "semana de outra pessoa no celular");
  await page.setViewportSize({ width: 1366, height: 800 });
  await approve.click();
  await expect(page.getByText("Horas aprovadas.")).toBeVisible();
  await expect(approve).toHaveCount(0);
  await expect(page.getByRole("table").getByText("Pendente")).toHaveCount(0);
});

test("a designer sees only her own week: no 'Pessoa', no approval", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInAs(page, "team_designer@aurora.example.com");
  await page.goto("/app/projetos/tempo");
  await expect(page.getByTestId("timesheet-total")).toBeVisible();
  await settle(page);
  await expect(page.getByLabel("Pessoa", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Aprovar/ })).toHaveCount(0);
});

test("the hours report draws the month's hours per project, billable beside the rest", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "agency_manager@aurora.example.com");
  await page.goto("/app/projetos/tempo");
  await page.getByRole("tab", { name: "Relatórios" }).click();
  await page.getByLabel("De").fill(isoDay(-40)); // the demo's month of time, whatever today's date
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expect(page.getByText("Não faturáveis").first()).toBeVisible();
  // Every bar is named (the chart shows the twelve largest groups).
  const groups = await page.getByRole("table").locator("tbody tr").count();
  await expect(page.locator(".recharts-yAxis .recharts-cartesian-axis-tick")).toHaveCount(Math.min(groups, 12));
  await shot(page, "hours-report");
  await shotAtQaSizes(page, "qa-hours-report");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("listitem").getByText("Orçamento consumido").first()).toBeVisible();
  await expectAccessible(page, "relatório de horas no celular");
});
