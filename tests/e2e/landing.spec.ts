import { expect, test } from "@playwright/test";

test("the landing page offers the way in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Nexo" })).toBeVisible();
  await page.getByRole("link", { name: "Começar agora" }).click();
  await expect(page).toHaveURL(/\/auth/);
});

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  await page.goto("/nao/existe");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a deep link loads the app rather than a server 404", async ({ page }) => {
  const response = await page.goto("/app/crm/pipelines");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/auth\?next=/);
});
