import { expect, test } from "@playwright/test";
import { seriousViolations, settle } from "./support/axe.ts";
import { signInAs } from "./support/sign-in.ts";

// Issue 15: each user chooses which notifications also come by e-mail; Ctrl+K finds a record by a fragment.
const SHOTS = "/tmp/shots/platform";

test("the e-mail preferences screen saves a choice per event type, with no serious axe finding", async ({ page }) => {
  await signInAs(page, "agency_manager@aurora.example.com");
  await page.goto("/app/notificacoes");
  await page.getByRole("link", { name: "Preferências de e-mail" }).click();
  await expect(page).toHaveURL(/\/app\/notificacoes\/preferencias$/);
  await expect(page.getByRole("heading", { name: "Preferências de notificação" })).toBeVisible();
  const mention = page.getByRole("switch", { name: /Menção em comentário/ });
  await expect(mention).toBeChecked();
  await settle(page);
  expect(await seriousViolations(page, "preferências")).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/preferences-desktop.png`, fullPage: true });

  await mention.click({ force: true });
  await expect(page.getByText("Preferência salva")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Menção em comentário/ })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: /Fatura paga/ })).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  expect(await seriousViolations(page, "preferências no celular")).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/preferences-phone.png`, fullPage: true });

  // Back as it was: other specs' managers expect the default.
  await page.getByRole("switch", { name: /Menção em comentário/ }).click({ force: true });
  await expect(page.getByText("Preferência salva").first()).toBeVisible();
});

test("Ctrl+K finds a record by a fragment typed without accents or capitals, and opens it", async ({
  page,
  baseURL,
}) => {
  await signInAs(page, "agency_manager@aurora.example.com");
  const suffix = Date.now().toString(36);
  const name = `Padaria São Benedito ${suffix}`;
  const created = await page.request.post("/api/crm/companies", {
    data: { name },
    headers: { origin: baseURL ?? "" },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto("/dashboard");
  // As shell.spec: the shortcut is bound once the shell has drawn (a loaded machine took longer).
  await expect(page.getByTestId("stat-customers")).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press("Control+K");
  const search = page.getByPlaceholder("Buscar telas e registros...");
  await expect(search).toBeVisible();
  await search.fill(`sao bened`);
  const hit = page.getByRole("button", { name: new RegExp(name) });
  await expect(hit).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/search-fragment.png` });
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/app/crm/empresas/${id}$`));
});
