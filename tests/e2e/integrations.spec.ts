import { expect, test } from "@playwright/test";
import { describeFindings, seriousViolations, settle } from "./support/axe.ts";
import { DEMO_PASSWORD, signInAs } from "./support/sign-in.ts";

// Issue 15, item 6: the manager's API keys and webhooks in Configurações › Integrações.
const SHOTS = "/tmp/shots/integrations";

test("the manager creates a key (shown once) that works, a webhook, and sees its delivery in the log", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "agency_manager@aurora.example.com", DEMO_PASSWORD);
  await page.goto("/app/configuracoes?tab=integracoes");
  await expect(page.getByRole("heading", { name: "Chaves de API" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("conectado há")).toHaveCount(0);
  await expect(page.getByTestId("integration-stripe").getByText("Não conectado")).toBeVisible();

  const name = `Planilha ${Date.now()}`;
  await page.getByRole("button", { name: "Nova chave" }).click();
  await page.getByRole("textbox", { name: "Nome" }).fill(name);
  await page.getByRole("combobox", { name: "Papel" }).click();
  await page.getByRole("option", { name: "Closer" }).click();
  await page.getByRole("button", { name: "Criar chave" }).click();
  const secret = (await page.getByTestId("secret-value").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^nexo_/);
  await expect(page.getByText("não será mostrado novamente")).toBeVisible();
  expect(await seriousViolations(page, "chave criada"), "axe: chave criada").toEqual([]);
  await page.getByRole("button", { name: "Concluído" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Closer");
  await expect(row).toContainText("Nunca usada");
  await expect(page.getByText(secret)).toHaveCount(0);

  // The key works from outside the browser session, as its role, and its use is shown.
  const withKey = await request.get("/api/crm/contacts", { headers: { authorization: `Bearer ${secret}` } });
  expect(withKey.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: name })).not.toContainText("Nunca usada", { timeout: 30_000 });

  const url = `https://webhook-${Date.now()}.exemplo.invalid/nexo`;
  await page.getByRole("button", { name: "Novo webhook" }).click();
  await page.getByRole("textbox", { name: "URL" }).fill(url);
  await page.getByRole("checkbox", { name: "Negócio ganho" }).check();
  await page.getByRole("button", { name: "Criar webhook" }).click();
  await expect(page.getByTestId("secret-value")).toContainText("whsec_");
  await page.getByRole("button", { name: "Concluído" }).click();
  await page.getByRole("button", { name: new RegExp(url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).click();
  await page.getByRole("button", { name: "Enviar teste" }).click();
  // The job runs in the background: the name never resolves, so the log shows the attempt and its error.
  const delivery = page.getByTestId("webhook-delivery").first();
  await expect(delivery).toContainText("Teste");
  await expect(delivery).toContainText(/ENOTFOUND|EAI_AGAIN/, { timeout: 20_000 });
  await expect(delivery).toContainText("Aguardando nova tentativa");
  await settle(page);
  const findings = await seriousViolations(page, "integrações");
  expect(findings, describeFindings(findings)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/integrations-1440.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const phoneFindings = await seriousViolations(page, "integrações no celular");
  expect(phoneFindings, describeFindings(phoneFindings)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/integrations-390.png`, fullPage: true });
});
