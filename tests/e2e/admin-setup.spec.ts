import { expect, test } from "@playwright/test";

test("on the seeded server the setup is done and points to the login", async ({ page }) => {
  await page.goto("/admin-setup");
  await expect(page.getByRole("heading", { name: "Setup Concluído" })).toBeVisible();
  await page.screenshot({ path: "/tmp/h3b-admin-setup-done.png", fullPage: true });
  await page.getByRole("link", { name: "Ir para o login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

// The fresh install (no super admin yet) is walked end to end in first-hour.spec.ts.
