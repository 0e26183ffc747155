import { deflateSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { totpCode } from "../support/totp.ts";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";
import { DEMO_PASSWORD } from "./support/sign-in.ts";

const MANAGER = "agency_manager@aurora.example.com";
const SHOT = (name: string) => ({ path: `.tmp/shots/settings-${name}.png`, fullPage: true });
const PHONE = { width: 390, height: 844 };

/** A real PNG (solid colour, RGB) built with zlib, so the server's content check sees true PNG bytes. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function openTab(page: Page, tab: string) {
  await page.goto(`/app/configuracoes?tab=${tab}`);
  await expect(page.getByRole("heading", { level: 2, name: "Configurações", exact: true })).toBeVisible();
}

/** The phone screenshot loads the page at phone width, so the shell is not caught mid-transition. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Configurações", exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.screenshot(SHOT(name));
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("the manager edits the agency profile and sees it after a reload", async ({ page }) => {
  await signInAs(page, MANAGER);
  const original = await (await page.request.get("/api/agency/profile")).json();
  try {
    await openTab(page, "perfil");
    await expect(page.getByText("JPG, PNG, GIF (máx. 5MB)")).toBeVisible();
    const name = page.getByRole("textbox", { name: "Nome da agência" });
    await expect(name).toHaveValue(original.name);

    await name.fill("A");
    await page.getByRole("textbox", { name: "E-mail de contato" }).fill("contato@");
    await page.getByRole("textbox", { name: "Website" }).fill("aurora");
    await page.getByRole("textbox", { name: "CNPJ" }).fill("11.222.333/0001-82");
    await page.getByRole("textbox", { name: "CEP" }).fill("8801-000");
    await page.getByRole("textbox", { name: "Telefone de contato" }).fill("4000-1234");
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(page.getByText("Email inválido")).toBeVisible();
    await expect(page.getByText("URL inválida")).toBeVisible();
    await expect(page.getByText("CNPJ inválido: confira os 14 caracteres.")).toBeVisible();
    await expect(page.getByText("CEP inválido: use os 8 dígitos, ex.: 01310-100.")).toBeVisible();
    await expect(page.getByText("Telefone inválido. Use DDD e número, ex.: (11) 98765-4321.")).toBeVisible();

    await page.getByRole("button", { name: "Cancelar" }).click();
    await expect(name).toHaveValue(original.name);

    await page.getByRole("textbox", { name: "CNPJ" }).fill("11222333000181");
    await page.getByRole("textbox", { name: "Cidade" }).fill("Florianópolis");
    await page.getByRole("textbox", { name: "CEP" }).fill("88010-000");
    await page.getByRole("textbox", { name: "Website" }).fill("https://aurora.example.com");
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await expect(page.getByText("Dados da agência atualizados com sucesso!")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("textbox", { name: "Cidade" })).toHaveValue("Florianópolis");
    // Stored as its digits, shown written out.
    await expect(page.getByRole("textbox", { name: "CNPJ" })).toHaveValue("11.222.333/0001-81");
    await expect(page.getByRole("textbox", { name: "CEP" })).toHaveValue("88010-000");
    await expect(page.getByRole("textbox", { name: "Website" })).toHaveValue("https://aurora.example.com");
    await page.screenshot(SHOT("perfil-desktop"));
    await phoneShot(page, "perfil-phone");
  } finally {
    const { id: _id, logoUrl: _logo, updatedAt: _at, ...fields } = original;
    const restore = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? ""]));
    expect((await page.request.put("/api/agency/profile", { data: restore })).ok()).toBe(true);
  }
});

test("the manager uploads a logo, sees the preview, and sees it after a reload", async ({ page }) => {
  await signInAs(page, MANAGER);
  await openTab(page, "perfil");
  const input = page.locator('input[type="file"]');

  await input.setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("não é imagem") });
  await expect(
    page.getByRole("alert").filter({ hasText: "Por favor, selecione apenas arquivos de imagem." }),
  ).toBeVisible();

  await input.setInputFiles({ name: "logo-aurora.png", mimeType: "image/png", buffer: solidPng(64, [124, 58, 237]) });
  const preview = page.getByRole("img", { name: "Pré-visualização da nova logo" });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Remover seleção" }).click();
  await expect(preview).toHaveCount(0);

  await input.setInputFiles({ name: "logo-aurora.png", mimeType: "image/png", buffer: solidPng(64, [124, 58, 237]) });
  await page.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Logo atualizada com sucesso!")).toBeVisible();

  await page.reload();
  const logo = page.getByRole("img", { name: /^Logo da / });
  await expect(logo).toHaveAttribute("src", /^\/api\/agencies\/[0-9a-f-]+\/logo\?v=\d+$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await page.screenshot(SHOT("perfil-logo-desktop"));
});

test("a system setting is saved at once and persists after a reload", async ({ page }) => {
  await signInAs(page, MANAGER);
  try {
    await openTab(page, "sistema");
    for (const card of ["Regional", "Notificações", "Backup", "Segurança"]) {
      await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("combobox", { name: "Formato de data" })).toHaveValue("DD/MM/AAAA");
    await chooseOption(page, "Formato de data", "AAAA-MM-DD");
    await expect(page.getByText("Configurações atualizadas com sucesso!")).toBeVisible();

    const backup = page.getByRole("switch", { name: "Backup automático" });
    await expect(backup).toBeChecked();
    await expect(page.getByRole("combobox", { name: "Frequência do backup" })).toHaveValue("Semanal");
    await backup.click({ force: true });
    await expect(page.getByRole("combobox", { name: "Frequência do backup" })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("combobox", { name: "Formato de data" })).toHaveValue("AAAA-MM-DD");
    await expect(page.getByRole("switch", { name: "Backup automático" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Notificações por e-mail" })).toBeChecked();
    await page.screenshot(SHOT("sistema-desktop"));
    await phoneShot(page, "sistema-phone");

    // The chosen format is how the agency's dates show elsewhere, e.g. task deadlines on the dashboard.
    await page.goto("/dashboard");
    await expect(page.getByText(/^Prazo: \d{4}-\d{2}-\d{2}$/).first()).toBeVisible();
  } finally {
    for (const data of [
      { key: "date_format", value: "DD/MM/YYYY" },
      { key: "auto_backup", value: true },
    ]) {
      expect((await page.request.put("/api/agency/settings", { data })).ok()).toBe(true);
    }
  }
});

test("the manager downloads the agency's automatic backup from the Sistema tab", async ({ page }) => {
  await signInAs(page, MANAGER);
  await openTab(page, "sistema");
  // The server backs up every due agency on its first tick after start: wait until Aurora's lands.
  const baixar = page.getByRole("button", { name: /^Baixar backup de / }).first();
  await expect(async () => {
    await page.reload();
    await expect(baixar).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("Nenhum backup automático ainda")).toHaveCount(0);
  await expect(page.getByText(/^\d+(,\d)? (B|KB|MB)$/).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await baixar.click();
  expect((await download).suggestedFilename()).toMatch(/^nexo-backup-.+-\d{4}-\d{2}-\d{2}-\d{4}\.json\.gz$/);
});

test("the Integrações tab lists the six integrations, none of them connected", async ({ page }) => {
  await signInAs(page, MANAGER);
  await openTab(page, "integracoes");
  await expect(page.locator("[data-testid^=integration-]")).toHaveCount(6);
  await expect(page.getByRole("heading", { name: "Ferramentas externas" })).toBeVisible();
  await expect(
    page.getByText("As conexões diretas com estas ferramentas ainda não estão disponíveis", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("Não conectado")).toHaveCount(6);
  await expect(page.getByText(/Token expirado|Conectado|Última sincronização/)).toHaveCount(0);
  await page.screenshot(SHOT("integracoes-desktop"));
  await phoneShot(page, "integracoes-phone");
});

test("a role without configuracoes sees Acesso Negado", async ({ page }) => {
  await signInAs(page, "team_designer@aurora.example.com");
  await page.goto("/app/configuracoes?tab=sistema");
  await expect(page.getByText("Acesso Negado")).toBeVisible();
  await expect(page.getByText("Você não tem permissão para acessar as configurações.")).toBeVisible();
  await expect(page.getByText("Entre em contato com o administrador para solicitar acesso.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Formato de data" })).toHaveCount(0);
  await page.screenshot(SHOT("negado-desktop"));
});

// Boreal, so a failure here cannot leave Aurora's manager behind the enrolment gate for the tests above.
test("requiring two-factor sends the unenrolled manager to enrolment; enrolled, they can turn it off", async ({
  page,
  baseURL,
}) => {
  const sameOrigin = { origin: baseURL ?? "" };
  await signInAs(page, "agency_manager@boreal.example.com");
  await openTab(page, "sistema");
  await page.getByRole("switch", { name: "Exigir autenticação em dois fatores" }).click({ force: true });
  await expect(page.getByText("Configurações atualizadas com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/seguranca\/dois-fatores$/);
  expect((await page.request.get("/api/agency/settings")).status()).toBe(403);

  await page.getByLabel(/^Senha atual/).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Ativar autenticação em dois fatores" }).click();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  await page.getByLabel(/^Código de 6 dígitos/).fill(totpCode(secret));
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByText("Autenticação em dois fatores ativada com sucesso!")).toBeVisible();

  await openTab(page, "sistema");
  const required = page.getByRole("switch", { name: "Exigir autenticação em dois fatores" });
  await expect(required).toBeChecked();
  await required.click({ force: true });
  await expect(page.getByText("Configurações atualizadas com sucesso!")).toBeVisible();
  await expect(required).not.toBeChecked();

  // Leave Boreal's manager as the demo data had them, for the other browser tests.
  const disable = await page.request.post("/api/auth/two-factor/disable", {
    data: { password: DEMO_PASSWORD },
    headers: sameOrigin,
  });
  expect(disable.ok()).toBe(true);
});
