import { expect, type Page, test } from "@playwright/test";

const PASSWORD = "Agencia@Segura2026";
const LOCKED = "Muitas tentativas de login falharam. Aguarde alguns minutos antes de tentar novamente.";
const SHOT = (name: string) => ({ path: `.tmp/shots/auth-${name}.png`, fullPage: true });

function freshEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

/** An account made through the API in its own request context, so the page stays signed out. */
async function existingAccount(page: Page, prefix: string): Promise<string> {
  const email = freshEmail(prefix);
  const response = await page.context().request.fetch("/api/auth/sign-up/email", {
    method: "POST",
    data: { email, password: PASSWORD, firstName: "Conta", lastName: "Teste" },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await page.context().clearCookies();
  return email;
}

const signInForm = (page: Page) => page.getByRole("form", { name: "Entrar" });
const signUpForm = (page: Page) => page.getByRole("form", { name: "Cadastrar" });

async function fillSignIn(page: Page, email: string, password: string) {
  await signInForm(page).getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await signInForm(page).getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await signInForm(page).getByRole("button", { name: "Entrar" }).click();
}

test("a visitor signs up through the form and lands on the dashboard", async ({ page }) => {
  const email = freshEmail("cadastro");
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Cadastrar" }).click();
  const form = signUpForm(page);
  await form.getByRole("textbox", { name: "Nome", exact: true }).fill("  <Rita>");
  await expect(form.getByRole("textbox", { name: "Nome", exact: true })).toHaveValue("Rita");
  await form.getByRole("textbox", { name: "Sobrenome", exact: true }).fill("Lima");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(` ${email} `);
  await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill("fraca");
  await expect(form.getByText("Força da senha: Fraca")).toBeVisible();
  await expect(form.getByRole("button", { name: "Criar conta" })).toBeDisabled();
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill(PASSWORD);
  await expect(form.getByText("Força da senha: Forte")).toBeVisible();
  await form.getByRole("textbox", { name: /^Empresa/ }).fill("Agência Lima");
  const role = form.getByRole("combobox", { name: "Função" });
  await expect(role).toHaveValue("user");
  await expect(role.locator("option")).toHaveText([
    "Gestor da Agência",
    "Gestor de Projetos",
    "Designer",
    "Copywriter",
    "Web Designer",
    "Automação",
    "Tráfego Pago",
    "Atendimento ao Cliente",
    "LDR (Vendas)",
    "BDR (Vendas)",
    "Closer (Vendas)",
    "Cliente da Agência",
    "Usuário Padrão",
  ]);
  await role.selectOption({ label: "Copywriter" });
  await page.screenshot(SHOT("sign-up-filled"));
  await form.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Cadastro realizado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await (await page.request.get("/api/me")).json();
  expect(me.user).toMatchObject({
    email,
    firstName: "Rita",
    lastName: "Lima",
    company: "Agência Lima",
    role: "team_copywriter",
  });
});

test("signing up with a taken e-mail shows the spec's toast", async ({ page }) => {
  const email = await existingAccount(page, "repetido");
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Cadastrar" }).click();
  const form = signUpForm(page);
  await form.getByRole("textbox", { name: "Nome", exact: true }).fill("Rita");
  await form.getByRole("textbox", { name: "Sobrenome", exact: true }).fill("Lima");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Este email já está cadastrado. Tente fazer login.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test("a user signs in through the form, and a signed-in user visiting /auth goes to the dashboard", async ({
  page,
}) => {
  const email = await existingAccount(page, "entrada");
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Bem-vindo de volta" })).toBeVisible();
  await page.screenshot(SHOT("sign-in"));
  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an invalid e-mail makes sign-in silently do nothing; a wrong password shows the server's message", async ({
  page,
}) => {
  const email = await existingAccount(page, "errada");
  await page.goto("/auth");
  await fillSignIn(page, "sem-arroba", PASSWORD);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0);

  await fillSignIn(page, email, "Senha@Errada2026");
  await expect(page.getByText("Erro no login: Email ou senha inválidos.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test("after five failed sign-ins the form locks, and the server refuses even the right password", async ({ page }) => {
  const email = await existingAccount(page, "bloqueio");
  await page.goto("/auth");
  const form = signInForm(page);
  for (let i = 0; i < 5; i++) {
    await fillSignIn(page, email, `Senha@Errada${i}`);
    if (i === 4) break;
    await expect(page.getByText("Erro no login: Email ou senha inválidos.").first()).toBeVisible();
    await expect(form.getByRole("button", { name: "Entrar" })).toBeEnabled({ timeout: 10_000 });
  }
  await expect(form.getByRole("alert")).toHaveText(new RegExp(LOCKED));
  await expect(form.getByRole("textbox", { name: "Email", exact: true })).toBeDisabled();
  await expect(form.getByRole("textbox", { name: "Senha", exact: true })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Entrar" })).toBeDisabled();
  await page.screenshot(SHOT("locked"));

  const refused = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).error.message).toBe(LOCKED);

  // a reload forgets the form's counter, but the server's lock shows again at the next try
  await page.reload();
  await fillSignIn(page, email, PASSWORD);
  await expect(signInForm(page).getByRole("alert")).toHaveText(new RegExp(LOCKED));
  await expect(page).toHaveURL(/\/auth$/);
});

test("the password's show/hide button is reached with Tab and toggled with Enter and Space", async ({ page }) => {
  await page.goto("/auth");
  const form = signInForm(page);
  const password = form.getByRole("textbox", { name: "Senha", exact: true });
  // The drawn page answers to the keyboard only once React has taken it over: type until it holds.
  await expect(async () => {
    await password.fill("Segredo@Teclado2026");
    await expect(password).toHaveValue("Segredo@Teclado2026", { timeout: 500 });
  }).toPass();

  await password.focus();
  await page.keyboard.press("Tab");
  const toggle = form.getByRole("button", { name: /senha$/ }); // its name changes with what it will do
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAccessibleName("Mostrar senha");
  await expect(password).toHaveAttribute("type", "password");
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAccessibleName("Ocultar senha");
  await expect(toggle).toBeFocused();
  await expect(password).toHaveAttribute("type", "text");
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAccessibleName("Mostrar senha");
  await expect(password).toHaveAttribute("type", "password");
  await expect(page).toHaveURL(/\/auth$/); // Enter on the button toggled, it did not sign in
});

test("the /auth page on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Nexo" })).toBeVisible();
  await page.screenshot(SHOT("phone-sign-in"));
  await page.getByRole("tab", { name: "Cadastrar" }).click();
  await page.screenshot(SHOT("phone-sign-up"));
  await expect(signUpForm(page).getByRole("button", { name: "Criar conta" })).toBeDisabled();
});

test("/auth arrives drawn: its document shows the sign-in form before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Bem-vindo de volta" })).toBeVisible();
  await expect(page.locator("form[aria-label='Entrar']").getByText("Esqueceu sua senha?")).toBeVisible();
  // inert until React takes it over: nothing typed now could be lost
  await expect(page.locator("#root")).toHaveAttribute("inert", "");
  await context.close();
});

test("React takes the drawn /auth over as it is: no hydration error, and the form works at once", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/auth");
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await signInForm(page).getByRole("textbox", { name: "Email", exact: true }).fill(" Rita@Exemplo.com.br");
  await expect(signInForm(page).getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
    "Rita@Exemplo.com.br",
  );
  await page.getByRole("tab", { name: "Cadastrar" }).click();
  await expect(signUpForm(page).getByRole("button", { name: "Criar conta" })).toBeVisible();
  expect(errors.filter((text) => /hydrat|Minified React error|did not match/i.test(text))).toEqual([]);
});
