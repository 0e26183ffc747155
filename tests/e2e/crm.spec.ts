import { writeFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAs } from "./support/sign-in.ts";

const SHOTS = "/tmp/shots/crm";
const MANAGER = "agency_manager@aurora.example.com";

async function shoot(page: Page, name: string) {
  for (const [label, width] of [
    ["desktop", 1440],
    ["phone", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

function thousandRowCsv(path: string) {
  const lines = ["Nome;E-mail;Telefone;Cidade"];
  for (let i = 0; i < 998; i++)
    lines.push(`Pessoa Importada ${i};importada${i}@e2e.com.br;(11) 9${String(20000000 + i)};Campinas`);
  lines.push(";sem-nome@e2e.com.br;;", "Telefone Ruim;ruim@e2e.com.br;123;");
  writeFileSync(path, `${lines.join("\r\n")}\r\n`, "latin1");
}

test("an agency runs its sales on the CRM: contact, CSV import, drag to fechados, win, dashboard", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await signInAs(page, MANAGER);

  // Create a contact.
  await page.goto("/app/crm/contatos");
  await page.getByRole("button", { name: "Novo Contato" }).click();
  await page.getByLabel("Nome").fill("Larissa Conceição");
  await page.getByLabel("E-mail").fill("larissa@e2e.com.br");
  await page.getByLabel("Telefone", { exact: true }).fill("11987001122");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("cell", { name: "Larissa Conceição", exact: true })).toBeVisible();
  await page.getByPlaceholder("Buscar por nome").fill("larissa conceicao");
  await expect(page.getByRole("cell", { name: "Larissa Conceição", exact: true })).toBeVisible();
  await page.getByPlaceholder("Buscar por nome").fill("");

  // Import 1,000 rows (Latin-1, semicolons) with a progress bar and an error report.
  const csvPath = info.outputPath("contatos.csv");
  thousandRowCsv(csvPath);
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
  await page.getByPlaceholder("Buscar por nome").fill("Larissa Concei");
  await expect(page.getByRole("link", { name: "Ver Detalhes" })).toHaveCount(1);
  await page.getByRole("link", { name: "Ver Detalhes" }).click();
  await expect(page.getByRole("heading", { name: "Larissa Conceição" })).toBeVisible();
  await expect(page.getByText("Linha do tempo")).toBeVisible();
  await shoot(page, "contact-page");

  // A deal dragged (keyboard) from leads to fechados, kept after reload, then won.
  const created = await page.request.post("/api/crm/deals", { data: { title: "Negócio E2E", valueCents: 1234500 } });
  expect(created.status()).toBe(201);
  await page.goto("/app/crm/pipelines");
  const card = page.getByTestId("deal-Negócio E2E");
  await expect(page.getByTestId("stage-leads").getByTestId("deal-Negócio E2E")).toBeVisible();
  // The grip beside the title is what the keyboard picks up (the title opens the deal).
  await card.getByRole("button", { name: "Mover Negócio E2E" }).focus();
  await page.keyboard.press("Space");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(150);
  }
  await page.keyboard.press("Space");
  await expect(page.getByTestId("stage-fechados").getByTestId("deal-Negócio E2E")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("stage-fechados").getByTestId("deal-Negócio E2E")).toBeVisible();
  await shoot(page, "board");
  const wonBefore = await wonThisMonthCents(page);
  await page
    .getByTestId("stage-fechados")
    .getByTestId("deal-Negócio E2E")
    .getByRole("button", { name: "Negócio E2E", exact: true })
    .click();
  await page.getByRole("button", { name: "Marcar como ganha" }).click();
  await expect(page.getByText("Oportunidade ganha!")).toBeVisible();

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
