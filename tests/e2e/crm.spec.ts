import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInAs } from "./support/sign-in.ts";
import { screenshooter } from "./support/screenshots.ts";

const SHOTS = "/tmp/shots/crm";
const shoot = screenshooter(SHOTS);
const MANAGER = "agency_manager@aurora.example.com";

/** Names, e-mails and phones unique per run, so a retry does not meet the first try's records as duplicates. */
function newRun() {
  const now = Date.now();
  return { tag: now.toString(36), digits: String(now % 1_000_000).padStart(6, "0") };
}
type Run = ReturnType<typeof newRun>;

function thousandRowCsv(path: string, run: Run) {
  const lines = ["Nome;E-mail;Telefone;Cidade"];
  for (let i = 0; i < 998; i++)
    lines.push(
      `Pessoa Importada ${i};importada${i}-${run.tag}@e2e.com.br;(11) 92${run.digits.slice(-3)}${String(i).padStart(4, "0")};Campinas`,
    );
  lines.push(`;sem-nome-${run.tag}@e2e.com.br;;`, `Telefone Ruim;ruim-${run.tag}@e2e.com.br;123;`);
  writeFileSync(path, `${lines.join("\r\n")}\r\n`, "latin1");
}

test("an agency runs its sales on the CRM: contact, CSV import, drag to fechados, win, dashboard", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const run = newRun();
  const contact = `Larissa Conceição ${run.tag}`;
  const deal = `Negócio E2E ${run.tag}`;
  await signInAs(page, MANAGER);

  // Create a contact.
  await page.goto("/app/crm/contatos");
  await page.getByRole("button", { name: "Novo Contato" }).click();
  await page.getByLabel("Nome").fill(contact);
  await page.getByLabel("E-mail").fill(`larissa-${run.tag}@e2e.com.br`);
  await page.getByLabel("Telefone", { exact: true }).fill(`1197${run.digits}0`);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("cell", { name: contact, exact: true })).toBeVisible();
  await page.getByPlaceholder("Buscar por nome").fill(`larissa conceicao ${run.tag}`);
  await expect(page.getByRole("cell", { name: contact, exact: true })).toBeVisible();
  await page.getByPlaceholder("Buscar por nome").fill("");

  // Import 1,000 rows (Latin-1, semicolons) with a progress bar and an error report.
  const csvPath = info.outputPath("contatos.csv");
  thousandRowCsv(csvPath, run);
  await page.getByRole("button", { name: "Importar CSV" }).click();
  await page.locator("input[type=file]").setInputFiles(csvPath);
  await expect(page.getByText("1.000 linha(s)")).toBeVisible();
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  const progress = page.getByTestId("import-progress");
  await expect(progress).toContainText("Importação");
  await expect(progress).toContainText("concluída", { timeout: 60_000 });
  await expect(page.getByTestId("import-summary")).toContainText("998 importadas");
  await expect(page.getByTestId("import-summary")).toContainText("2 com erro");
  await page.reload();
  await expect(page.getByTestId("import-progress")).toContainText("concluída");
  await expect(page.getByRole("button", { name: "Baixar linhas com erro (CSV)" })).toBeVisible();

  // Contact page.
  await page.getByPlaceholder("Buscar por nome").fill(contact);
  await expect(page.getByRole("link", { name: "Ver Detalhes" })).toHaveCount(1);
  await page.getByRole("link", { name: "Ver Detalhes" }).click();
  await expect(page.getByRole("heading", { name: contact })).toBeVisible();
  await expect(page.getByText("Linha do tempo")).toBeVisible();
  await shoot(page, "contact-page");

  // A deal dragged (keyboard) from leads to fechados, kept after reload, then won.
  const created = await page.request.post("/api/crm/deals", { data: { title: deal, valueCents: 1234500 } });
  expect(created.status()).toBe(201);
  await page.goto("/app/crm/pipelines");
  const card = page.getByTestId(`deal-${deal}`);
  await expect(page.getByTestId("stage-leads").getByTestId(`deal-${deal}`)).toBeVisible();
  // The grip beside the title is what the keyboard picks up (the title opens the deal).
  await card.getByRole("button", { name: `Mover ${deal}` }).focus();
  await page.keyboard.press("Space");
  // Each arrow moves one column; the live region says which (dnd-kit announces in pt-BR).
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await expect(announcement).toContainText(`Oportunidade ${deal}`);
  await expect(async () => {
    await page.keyboard.press("ArrowRight");
    await expect(announcement).toContainText("sobre a coluna fechados", { timeout: 400 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press("Space");
  await expect(page.getByTestId("stage-fechados").getByTestId(`deal-${deal}`)).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("stage-fechados").getByTestId(`deal-${deal}`)).toBeVisible();
  await shoot(page, "board");
  const wonBefore = await wonThisMonthCents(page);
  await page
    .getByTestId("stage-fechados")
    .getByTestId(`deal-${deal}`)
    .getByRole("button", { name: deal, exact: true })
    .click();
  await page.getByRole("button", { name: "Marcar como ganha" }).click();
  await expect(page.getByText("Oportunidade ganha!")).toBeVisible();
  // A won deal leaves the open funnel: off the board (decision 014, amendment).
  await expect(page.getByTestId("stage-fechados").getByTestId(`deal-${deal}`)).toHaveCount(0);

  // The dashboard follows: this month's won sales rise by the deal's value (the demo already won some).
  const wonAfter = await wonThisMonthCents(page);
  expect(wonAfter - wonBefore).toBe(1234500);
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-sales-value")).toHaveText(
    new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(wonAfter / 100),
  );

  await page.goto("/app/crm/relatorios");
  await expect(page.getByText("Funil por etapa")).toBeVisible();
  await shoot(page, "reports");
});

async function wonThisMonthCents(page: import("@playwright/test").Page): Promise<number> {
  const response = await page.request.get("/api/dashboard/stats");
  expect(response.status()).toBe(200);
  return (await response.json()).sales.wonThisMonthCents;
}

test("contacts: the selection follows the screen, bulk actions in modals, delete undone, merge, a task on the timeline", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = newRun();
  const first = `Selecionada Um ${run.tag}`;
  const second = `Selecionada Dois ${run.tag}`;
  await signInAs(page, MANAGER);
  for (const [i, name] of [first, second].entries()) {
    const created = await page.request.post("/api/crm/contacts", {
      data: { name, email: `sel${i}-${run.tag}@e2e.com.br`, tags: [] },
    });
    expect(created.status()).toBe(201);
  }
  // No browser prompt or confirm may open on this screen any more.
  page.on("dialog", (dialog) => {
    throw new Error(`a browser dialog opened: ${dialog.message()}`);
  });
  await page.goto("/app/crm/contatos");
  const search = page.getByPlaceholder("Buscar por nome");

  // Ticked rows a search hides are dropped: the bar goes away.
  await search.fill(run.tag);
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await page.getByRole("checkbox", { name: "Selecionar todos" }).check();
  await expect(page.getByText("2 selecionado(s)")).toBeVisible();
  await search.fill(`zzz-nada-${run.tag}`);
  await expect(page.getByText("Nenhum contato encontrado.")).toBeVisible();
  await expect(page.getByText(/selecionado\(s\)/)).toHaveCount(0);

  // Adicionar tag in a Mantine modal.
  await search.fill(run.tag);
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await page.getByRole("checkbox", { name: "Selecionar todos" }).check();
  await page.getByRole("button", { name: "Adicionar tag" }).click();
  const tagDialog = page.getByRole("dialog", { name: "Adicionar tag" });
  await tagDialog.getByLabel("Tag a adicionar").fill(`tag-${run.tag}`);
  await tagDialog.getByRole("button", { name: "Adicionar" }).click();
  await expect(page.getByText("2 contato(s) atualizado(s).")).toBeVisible();

  // Bulk delete asks in a modal and offers Desfazer.
  await page.getByRole("checkbox", { name: "Selecionar todos" }).check();
  await page.getByRole("button", { name: "Excluir" }).click();
  await page.getByRole("dialog", { name: "Excluir contatos" }).getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Nenhum contato encontrado.")).toBeVisible();
  await page.getByRole("button", { name: "Desfazer", exact: true }).click();
  await expect(page.getByText("2 contato(s) restaurado(s).")).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(2);

  // The name is a link; the page creates a task on the timeline.
  await page.getByRole("link", { name: first, exact: true }).click();
  await expect(page.getByRole("heading", { name: first })).toBeVisible();
  await page.getByRole("combobox", { name: "Atividade" }).click();
  await page.getByRole("option", { name: "Tarefa" }).click();
  await page.getByLabel("Título da tarefa").fill(`Retornar ${run.tag}`);
  await page.getByLabel("Prazo").fill("2026-12-10");
  await page.getByRole("button", { name: "Criar tarefa" }).click();
  await expect(page.getByText(`Retornar ${run.tag} · Prazo: 10/12/2026`)).toBeVisible();

  // Mesclar com…: the other contact goes, this one stays with its timeline.
  await page.getByRole("button", { name: "Mesclar com…" }).click();
  const merge = page.getByRole("dialog", { name: `Mesclar ${first} com…` });
  await merge.getByRole("combobox", { name: "Outro contato" }).fill(second);
  await page.getByRole("option", { name: new RegExp(second) }).click();
  await expect(merge.getByText("O que acontece ao mesclar")).toBeVisible();
  await merge.getByRole("button", { name: "Mesclar" }).click();
  await expect(page.getByText(`Contatos mesclados em ${first}.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: first })).toBeVisible();

  // Delete from the page, asked in the app's dialog: Desfazer in the notification brings it back.
  await page.getByRole("button", { name: "Excluir" }).click();
  const confirmation = page.getByRole("dialog", { name: "Excluir contato" });
  await expect(confirmation.getByText(`Excluir ${first}? Você pode desfazer em até 30 dias.`)).toBeVisible();
  await confirmation.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Contato excluído. Você pode desfazer em até 30 dias.")).toBeVisible();
  await page.getByRole("button", { name: "Desfazer", exact: true }).click();
  await expect(page.getByText("Contato restaurado.")).toBeVisible();
  await search.fill(first);
  await expect(page.getByRole("link", { name: first, exact: true })).toBeVisible();
});

test("pipeline settings: deleting a stage and a pipeline asks in the app's dialog, Esc cancels only the question", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const run = newRun();
  const name = `Funil Temporário ${run.tag}`;
  await signInAs(page, MANAGER);
  const created = await page.request.post("/api/crm/pipelines", { data: { name } });
  expect(created.status()).toBe(201);
  const stage = ((await created.json()) as { stages: { name: string }[] }).stages[0].name;
  page.on("dialog", (dialog) => {
    throw new Error(`a browser dialog opened: ${dialog.message()}`);
  });

  await page.goto("/app/crm/pipelines");
  await page.getByRole("button", { name: "Gerenciar funis" }).click();
  const settings = page.getByRole("dialog", { name: "Gerenciar funis" });
  await settings.getByRole("combobox", { name: "Funil" }).click();
  await page.getByRole("option", { name, exact: true }).click();
  const stages = settings.getByRole("list", { name: `Etapas do funil ${name}` });
  await expect(stages.getByTestId(`stage-${stage}`)).toBeVisible();

  await stages.getByRole("button", { name: `Excluir etapa ${stage}` }).click();
  const stageQuestion = page.getByRole("dialog", { name: "Excluir etapa" });
  await expect(stageQuestion.getByText(`Excluir a etapa "${stage}"? Esta ação não pode ser desfeita.`)).toBeVisible();
  await expect(stageQuestion.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(stageQuestion).toBeHidden();
  await expect(stages.getByTestId(`stage-${stage}`)).toBeVisible();

  await stages.getByRole("button", { name: `Excluir etapa ${stage}` }).click();
  await stageQuestion.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText(`Etapa "${stage}" excluída.`)).toBeVisible();
  await expect(stages.getByTestId(`stage-${stage}`)).toBeHidden();

  await settings.getByRole("button", { name: "Excluir funil" }).click();
  const pipelineQuestion = page.getByRole("dialog", { name: "Excluir funil" });
  await expect(
    pipelineQuestion.getByText(`Excluir o funil "${name}" e suas etapas? Esta ação não pode ser desfeita.`),
  ).toBeVisible();
  await pipelineQuestion.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText(`Funil "${name}" excluído.`)).toBeVisible();
  await expect(settings).toBeVisible();
});
