import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signInAs } from "./support/sign-in.ts";

// Issue 15: the bell is live (SSE), the notifications page, and Ctrl+K finds a record.
const SHOTS = "/tmp/shots/platform";
const PASSWORD = "Convidada@Nexo2026";

async function tokenOf(page: Page, baseURL: string, email: string): Promise<string> {
  const created = await page.request.post("/api/agency/invites", {
    data: { email, role: "team_designer" },
    headers: { origin: baseURL },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const body = JSON.stringify(await created.json());
  const token = body.match(/accept-invite\/([A-Za-z0-9_-]+)/)?.[1] ?? body.match(/"token":"([^"]+)"/)?.[1];
  if (!token) throw new Error(`no token in ${body}`);
  return token;
}

test("an invite accepted in one browser lights the inviter's bell live, and the page lists it", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, "agency_manager@aurora.example.com", DEMO_PASSWORD);
  await page.goto("/dashboard");
  const bell = page.getByRole("button", { name: /^Notificações \(\d+ não lidas?\)$/ });
  await expect(bell).toBeVisible();
  const before = Number((await bell.getAttribute("aria-label"))?.match(/\d+/)?.[0]);

  const email = `ao-vivo-${Date.now()}@exemplo.com.br`;
  const token = await tokenOf(page, baseURL ?? "", email);
  const invitee = await browser.newContext({ baseURL });
  const inviteePage = await invitee.newPage();
  const signUp = await inviteePage.request.post("/api/auth/sign-up/email", {
    // from the invite's link, as the invite page signs up: that verifies the address (decision 019)
    data: { email, password: PASSWORD, name: "Lia Ao Vivo", firstName: "Lia", lastName: "Ao Vivo", inviteToken: token },
  });
  expect(signUp.ok()).toBe(true);
  await inviteePage.goto(`/accept-invite/${token}`);
  await inviteePage.getByRole("button", { name: "Aceitar Convite" }).click();
  await expect(inviteePage.getByText("Convite aceito com sucesso! Redirecionando...")).toBeVisible();
  await invitee.close();

  // No reload: the stream brings it (the polling fallback is a minute). Notifications that earlier
  // specs caused for the same manager may still arrive meanwhile, so the count rises by at least one.
  const unread = async () => Number((await bell.getAttribute("aria-label"))?.match(/\d+/)?.[0]);
  await expect.poll(unread, { timeout: 5_000 }).toBeGreaterThan(before);
  await bell.click();
  await expect(page.getByText("Lia Ao Vivo aceitou o convite").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/bell-desktop.png` });
  await page.getByRole("button", { name: "Ver todas as notificações" }).click();
  await expect(page).toHaveURL(/\/app\/notificacoes$/);
  await expect(page.getByRole("heading", { name: "Notificações" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Lia Ao Vivo aceitou o convite")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/notifications-desktop.png`, fullPage: true });
  await page
    .locator("label")
    .filter({ hasText: /^Não lidas/ })
    .click();
  await page.getByRole("button", { name: "Marcar todas como lidas" }).click();
  await expect(page.getByText("Nenhuma notificação não lida")).toBeVisible();
  await expect(page.getByRole("button", { name: "Notificações (0 não lidas)" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .locator("label")
    .filter({ hasText: /^Todas$/ })
    .click();
  await page.screenshot({ path: `${SHOTS}/notifications-phone.png`, fullPage: true });
});
