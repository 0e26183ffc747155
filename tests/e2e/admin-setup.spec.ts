import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The e2e seed creates a super admin, so creation runs on a second server with an empty data dir.
const FRESH_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;
const FRESH_URL = `http://localhost:${FRESH_PORT}`;
const STRONG = "Fundador@Nexo2026";

test("on the seeded server the setup is done and points to the login", async ({ page }) => {
  await page.goto("/admin-setup");
  await expect(page.getByRole("heading", { name: "Setup Concluído" })).toBeVisible();
  await page.screenshot({ path: "/tmp/h3b-admin-setup-done.png", fullPage: true });
  await page.getByRole("link", { name: "Ir para o login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe("on a fresh server", () => {
  let server: ChildProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "nexo-e2e-setup-"));
    server = spawn("node", ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(FRESH_PORT),
        DATA_DIR: dataDir,
        PUBLIC_URL: FRESH_URL,
        LOG_LEVEL: "warn",
      },
      stdio: "inherit",
    });
    await waitForHealth(`${FRESH_URL}/api/health`, 60_000);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the form checks the password live, joins the errors, then creates the super admin once", async ({ page }) => {
    await page.goto(`${FRESH_URL}/admin-setup`);
    await expect(page.getByRole("heading", { name: "Configuração do Super Admin" })).toBeVisible();
    const submit = page.getByRole("button", { name: "Criar Super Admin" });
    const requirements = page.getByRole("list", { name: "Requisitos da senha" });

    await page.getByLabel(/^Senha/).fill("fraca");
    await expect(submit).toBeDisabled();
    await expect(page.getByText("Força da senha: Fraca")).toBeVisible();
    await expect(requirements.locator('[data-met="false"]')).toHaveCount(4);

    await page.getByLabel("Email do super admin").fill("fundador@exemplo");
    await page.getByLabel(/^Senha/).fill(STRONG);
    await expect(page.getByText("Força da senha: Forte")).toBeVisible();
    await expect(requirements.locator('[data-met="true"]')).toHaveCount(5);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole("alert")).toContainText("Erro de validação: Email inválido");
    await page.screenshot({ path: "/tmp/h3b-admin-setup-form.png", fullPage: true });

    await page.getByLabel("Email do super admin").fill("fundador@exemplo.com.br");
    await submit.click();
    await expect(page.getByText("Super admin criado com sucesso! Você já pode fazer login.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Setup Concluído" })).toBeVisible();

    const second = await page.request.post(`${FRESH_URL}/api/admin-setup`, {
      data: { email: "outro@exemplo.com.br", password: STRONG },
    });
    expect(second.status()).toBe(409);
    const signIn = await page.request.post(`${FRESH_URL}/api/auth/sign-in/email`, {
      data: { email: "fundador@exemplo.com.br", password: STRONG },
    });
    expect(signIn.ok()).toBe(true);
    const me = await page.request.get(`${FRESH_URL}/api/me`);
    expect((await me.json()).user.isSuperAdmin).toBe(true);
  });
});

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`fresh server did not answer ${url} within ${timeoutMs} ms`);
}
