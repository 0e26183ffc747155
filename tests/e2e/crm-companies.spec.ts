import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";
import { uniqueCnpj } from "./support/cnpj.ts";
import { screenshooter } from "./support/screenshots.ts";

const SHOTS = "/tmp/shots/crm-companies";
const shoot = screenshooter(SHOTS);
const MANAGER = "agency_manager@aurora.example.com";

test("companies: custom fields, a company with its CNPJ checked, a person linked to it, saved views", async ({
  page,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const run = Date.now().toString(36);
  const company = `Padaria Trigo ${run}`;
  const person = `Helena Trigo ${run}`;
  const segment = `Segmento ${run}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, MANAGER);

  // The agency manager adds a single-select custom field for people.
  await page.goto("/app/crm/contatos");
  await page.getByRole("button", { name: "Campos personalizados" }).click();
  const fields = page.getByRole("dialog", { name: "Campos personalizados" });
  await fields.getByLabel("Nome do campo").fill(segment);
  await fields.getByRole("combobox", { name: "Tipo" }).click();
  await page.getByRole("option", { name: "Seleção única" }).click();
  await fields.getByRole("button", { name: "Adicionar campo" }).click();
  await expect(fields.getByText("Informe ao menos uma opção.")).toBeVisible();
  await fields.getByLabel("Opções").fill("Varejo");
  await page.keyboard.press("Enter");
  await fields.getByLabel("Opções").fill("Saúde");
  await page.keyboard.press("Enter");
  await fields.getByRole("button", { name: "Adicionar campo" }).click();
  await expect(fields.getByText(`${segment} Pessoas · Seleção única (Varejo, Saúde)`)).toBeVisible();
  await expectAccessible(page, "campos personalizados");
  await page.keyboard.press("Escape");

  // Pessoas | Empresas: the spec's Contatos cards stay on Pessoas.
  await expect(page.getByTestId("summary-Total")).toBeVisible();
  await page.getByText("Empresas", { exact: true }).click();
  await expect(page).toHaveURL(/aba=empresas/);
  await expect(page.getByRole("textbox", { name: "Buscar empresas" })).toBeVisible();

  // Nova Empresa: a CNPJ with a wrong check digit is refused with the shared message.
  await page.getByRole("button", { name: "Nova Empresa" }).click();
  const form = page.getByRole("dialog", { name: "Nova Empresa" });
  await form.getByRole("textbox", { name: "Nome", exact: true }).fill(company);
  const cnpj = uniqueCnpj();
  await form.getByLabel("CNPJ").fill(cnpj.wrongCheckDigit);
  await form.getByLabel("Cidade").fill("Belo Horizonte");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByText("CPF ou CNPJ inválido: confira os dígitos.")).toBeVisible();
  await expectAccessible(page, "nova empresa com erro");
  await shoot(page, "company-form");
  await form.getByLabel("CNPJ").fill(cnpj.valid);
  await form.getByRole("combobox", { name: "UF" }).fill("MG");
  await page.getByRole("option", { name: "MG", exact: true }).click();
  await form.getByRole("button", { name: "Salvar" }).click();

  // The new company's page.
  await expect(page.getByRole("heading", { name: company })).toBeVisible();
  await expect(page.getByText(cnpj.valid)).toBeVisible();
  await expect(page.getByText("Belo Horizonte / MG")).toBeVisible();
  await expect(page.getByText("Nenhuma pessoa ligada a esta empresa.")).toBeVisible();

  // The list finds it by a CNPJ fragment.
  await page.getByRole("link", { name: "Empresas", exact: true }).click();
  await page.getByRole("textbox", { name: "Buscar empresas" }).fill(cnpj.valid.replace(/\D/g, "").slice(2, 8));
  await expect(page.getByRole("cell", { name: company, exact: true })).toBeVisible();
  await expectAccessible(page, "lista de empresas");
  await shoot(page, "companies-list");

  // A person linked to the company, with the custom field.
  await page.getByText("Pessoas", { exact: true }).click();
  await page.getByRole("button", { name: "Novo Contato" }).click();
  const contact = page.getByRole("dialog", { name: "Novo Contato" });
  await contact.getByRole("textbox", { name: "Nome", exact: true }).fill(person);
  await contact.getByRole("combobox", { name: "Empresa" }).fill("Padaria Trigo");
  await page.getByRole("option", { name: company }).click();
  await contact.getByRole("combobox", { name: segment }).click();
  await page.getByRole("option", { name: "Saúde" }).click();
  await expectAccessible(page, "novo contato com campos");
  await contact.getByRole("button", { name: "Salvar" }).click();
  await expect(contact).toBeHidden();

  // Filter by the custom field, save the view, reload, pick it, delete it.
  await page.getByRole("button", { name: "Filtros" }).click();
  await page.getByRole("combobox", { name: "Campo personalizado" }).click();
  await page.getByRole("option", { name: segment }).click();
  await page.getByRole("combobox", { name: `Valor de ${segment}` }).click();
  await page.getByRole("option", { name: "Saúde" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("cell", { name: person, exact: true })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("button", { name: "Visualizações" }).click();
  await page.getByRole("menuitem", { name: "Salvar e gerenciar…" }).click();
  const views = page.getByRole("dialog", { name: "Visualizações" });
  await views.getByRole("button", { name: "Salvar" }).click();
  await expect(views.getByText("Informe o nome da visualização.")).toBeVisible();
  await views.getByLabel("Nome da visualização").fill(`Saúde ${run}`);
  await expectAccessible(page, "salvar visualização");
  await views.getByRole("button", { name: "Salvar" }).click();
  await expect(views).toBeHidden();

  await page.reload();
  await expect(page.locator("tbody tr").first()).toBeVisible();
  expect(await page.locator("tbody tr").count()).toBeGreaterThan(1);
  await page.getByRole("button", { name: "Visualizações" }).click();
  await page.getByRole("menuitem", { name: `Saúde ${run}` }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("cell", { name: person, exact: true })).toBeVisible();
  await expectAccessible(page, "contatos com visualização");
  await shoot(page, "contacts-view");

  // The person's page shows the company as a link and the custom value.
  await page.getByRole("link", { name: "Ver Detalhes" }).click();
  await expect(page.getByRole("heading", { name: person })).toBeVisible();
  await expect(page.getByText(segment)).toBeVisible();
  await expect(page.getByText("Saúde", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: company }).click();

  // The company's page lists the person; edit it, then delete it.
  await expect(page.getByRole("heading", { name: company })).toBeVisible();
  await expect(page.getByRole("link", { name: person })).toBeVisible();
  await expectAccessible(page, "página da empresa");
  await shoot(page, "company-page");
  await page.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: "Editar empresa" });
  await edit.getByLabel("Razão social").fill(`${company} Ltda.`);
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`${company} Ltda.`)).toBeVisible();
  await page.getByRole("button", { name: "Excluir" }).click();
  const confirmation = page.getByRole("dialog", { name: "Excluir empresa" });
  await expect(
    confirmation.getByText(`Excluir ${company}? As pessoas ligadas a ela continuam cadastradas.`),
  ).toBeVisible();
  await confirmation.getByRole("button", { name: "Excluir" }).click();
  await expect(page).toHaveURL(/aba=empresas/);
  await page.getByRole("textbox", { name: "Buscar empresas" }).fill(company);
  await expect(page.getByText("Nenhuma empresa encontrada.")).toBeVisible();

  // The 30-day undo: the deleted companies' list finds it, its page restores it.
  await page.getByRole("checkbox", { name: "Excluídas (desfazer em até 30 dias)" }).check();
  await page.getByRole("link", { name: `Ver detalhes de ${company}` }).click();
  await expect(page.getByText("Empresa excluída", { exact: true })).toBeVisible();
  await expectAccessible(page, "empresa excluída");
  await shoot(page, "company-deleted");
  await page.getByRole("button", { name: "Desfazer exclusão" }).click();
  await expect(page.getByText("Empresa restaurada.")).toBeVisible();
  await expect(page.getByText("Empresa excluída", { exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: "Editar" })).toBeVisible();
  await page.getByRole("link", { name: "Empresas" }).first().click();
  await page.getByRole("textbox", { name: "Buscar empresas" }).fill(company);
  await expect(page.getByRole("link", { name: `Ver detalhes de ${company}` })).toBeVisible();

  // Delete the saved view from its manager.
  await page.getByText("Pessoas", { exact: true }).click();
  await page.getByRole("button", { name: "Visualizações" }).click();
  await page.getByRole("menuitem", { name: "Salvar e gerenciar…" }).click();
  await page.getByRole("button", { name: `Excluir visualização Saúde ${run}` }).click();
  await expect(page.getByRole("button", { name: `Excluir visualização Saúde ${run}` })).toBeHidden();
});

test("reports: charts over the tables, the period filter and a CSV per table", async ({ page }) => {
  test.setTimeout(90_000);
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, MANAGER);
  // The demo's open deals are worth R$ 0,00: one with a value, so the owner chart has a bar.
  const deal = await page.request.post("/api/crm/deals", { data: { title: "Relatório E2E", valueCents: 4500000 } });
  expect(deal.status()).toBe(201);
  await page.goto("/app/crm/relatorios");
  await expect(page.getByText("Funil por etapa")).toBeVisible({ timeout: 15_000 });
  for (const name of [
    "Gráfico do funil por etapa",
    "Gráfico do valor em aberto por responsável",
    "Gráfico de novos contatos por mês",
  ])
    await expect(page.getByLabel(name).locator("svg.recharts-surface").first()).toBeVisible();
  await expectAccessible(page, "relatórios");
  await shoot(page, "reports");

  const card = page.locator(".mantine-Card-root", { hasText: "Funil por etapa" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("funil-por-etapa.csv");
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text).toContain("Etapa;Em aberto;Valor em aberto (R$);Chegaram (período);Conversão da etapa anterior (%)");
  expect(text).toContain("leads");
  // Money as a number Excel sums (decimal comma, no "R$ " nor thousands dot), as the CRM exports write it.
  expect(text).toMatch(/\nleads;\d+;\d+,\d\d;/);
  expect(text).not.toMatch(/R\$\s?\d/);

  await page.getByRole("textbox", { name: "De", exact: true }).fill("2099-01-01");
  await expect(page.getByText("A data inicial precisa ser anterior à final.")).toBeVisible();
});

test("a link with ?novo=1 opens Novo Contato, and closing it drops the parameter", async ({ page }) => {
  await signInAs(page, MANAGER);
  await page.goto("/app/crm/contatos?novo=1");
  const form = page.getByRole("dialog", { name: "Novo Contato" });
  await expect(form.getByRole("textbox", { name: "Nome", exact: true })).toBeFocused({ timeout: 10_000 });
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/app\/crm\/contatos$/);
});
