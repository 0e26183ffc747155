import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { signInCached as signInAs } from "./support/cached-sign-in.ts";
import { screenshooter } from "./support/screenshots.ts";

const SHOTS = "/tmp/shots/crm-custom-fields";
const shoot = screenshooter(SHOTS);
const MANAGER = "agency_manager@aurora.example.com";

async function openFields(page: Page) {
  await page.goto("/app/crm/contatos");
  await page.getByRole("button", { name: "Campos personalizados" }).click();
  return page.getByRole("dialog", { name: "Campos personalizados" });
}

/** The relative order of the named fields in the Pessoas list. */
async function orderOf(page: Page, labels: string[]) {
  const rows = page.getByRole("list", { name: "Campos de Pessoas" }).getByRole("listitem");
  const shown = await rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-testid") ?? ""));
  return shown.map((id) => id.replace("custom-field-", "")).filter((label) => labels.includes(label));
}

test("custom fields: the manager edits a field and reorders by keyboard; the order survives a reload", async ({
  page,
}) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(15_000);
  const run = Date.now().toString(36);
  const [first, second, third] = ["Origem", "Porte", "Setor"].map((name) => `${name} ${run}`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, MANAGER);

  const fields = await openFields(page);
  for (const label of [first, second, third]) {
    await fields.getByLabel("Nome do campo").fill(label);
    await fields.getByRole("button", { name: "Adicionar campo" }).click();
    await expect(fields.getByTestId(`custom-field-${label}`)).toBeVisible();
  }

  // No browser dialog may open here: questions are the app's own.
  page.on("dialog", (dialog) => {
    throw new Error(`a browser dialog opened: ${dialog.message()}`);
  });

  // Edit: the second becomes a single select; a select without options is refused in pt-BR first.
  await fields.getByRole("button", { name: `Editar campo ${second}` }).click();
  const edit = page.getByRole("dialog", { name: `Editar campo ${second}` });
  const renamed = `Porte da empresa ${run}`;
  await edit.getByLabel("Nome do campo").fill(renamed);
  await edit.getByRole("combobox", { name: "Tipo" }).click();
  await page.getByRole("option", { name: "Seleção única" }).click();
  await edit.getByRole("button", { name: "Salvar campo" }).click();
  await expect(edit.getByText("Informe ao menos uma opção.")).toBeVisible();
  await edit.getByLabel("Opções").fill("Pequeno");
  await page.keyboard.press("Enter");
  await edit.getByLabel("Opções").fill("Grande");
  await page.keyboard.press("Enter");
  await expectAccessible(page, "editar campo");
  await shoot(page, "edit-field");
  await edit.getByRole("button", { name: "Salvar campo" }).click();
  const list = page.getByRole("dialog", { name: "Campos personalizados" });
  await expect(list.getByText(`${renamed} Pessoas · Seleção única (Pequeno, Grande)`)).toBeVisible();

  // Reorder by keyboard: the third field's grip, space, two steps up, space.
  const labels = [first, renamed, third];
  expect(await orderOf(page, labels)).toEqual([first, renamed, third]);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/crm/custom-fields/order") && r.request().method() === "PUT",
  );
  await list.getByRole("button", { name: `Mover campo ${third}`, exact: true }).focus();
  // Each arrow waits for dnd-kit's announcement of the last: a second arrow pressed before the
  // list was measured again moved the field one step instead of two (seen once in a whole run).
  const announced = page.locator('[id^="DndLiveRegion"]');
  const over = (position: number) => `Campo ${third} sobre a posição ${position}.`;
  await page.keyboard.press("Space");
  await expect(announced).toHaveText(/pego, na posição \d+\./);
  const start = Number((await announced.textContent())?.match(/posição (\d+)\./)?.[1]);
  await page.keyboard.press("ArrowUp");
  await expect(announced).toHaveText(over(start - 1));
  await page.keyboard.press("ArrowUp");
  await expect(announced).toHaveText(over(start - 2));
  await page.keyboard.press("Space");
  expect((await saved).status()).toBe(200);
  await expect.poll(() => orderOf(page, labels)).toEqual([third, first, renamed]);
  await expectAccessible(page, "campos reordenados");
  await shoot(page, "fields-list");

  // Removing asks in the app's dialog, stacked on the list: focus starts on Cancelar, Esc closes
  // only the question, and Remover takes the field away.
  const extra = `Temporário ${run}`;
  await list.getByLabel("Nome do campo").fill(extra);
  await list.getByRole("button", { name: "Adicionar campo" }).click();
  await expect(list.getByTestId(`custom-field-${extra}`)).toBeVisible();
  await list.getByRole("button", { name: `Remover campo ${extra}` }).click();
  const removal = page.getByRole("dialog", { name: "Remover campo" });
  await expect(
    removal.getByText(`Remover o campo "${extra}"? Os valores deixam de aparecer nos registros.`),
  ).toBeVisible();
  await expect(removal.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await expectAccessible(page, "remover campo");
  await shoot(page, "remove-field");
  await page.keyboard.press("Escape");
  await expect(removal).toBeHidden();
  await expect(list.getByTestId(`custom-field-${extra}`)).toBeVisible();
  await list.getByRole("button", { name: `Remover campo ${extra}` }).click();
  await removal.getByRole("button", { name: "Remover" }).click();
  await expect(list.getByTestId(`custom-field-${extra}`)).toBeHidden();
  await expect(list).toBeVisible();

  // After a reload the order is the server's.
  await page.reload();
  const reopened = await openFields(page);
  await expect(reopened.getByTestId(`custom-field-${third}`)).toBeVisible();
  expect(await orderOf(page, labels)).toEqual([third, first, renamed]);

  // The contact form shows them in that order.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Novo Contato" }).click();
  const form = page.getByRole("dialog", { name: "Novo Contato" });
  const inputs = await form
    .locator("label")
    .evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ""));
  expect(inputs.filter((text) => labels.includes(text))).toEqual([third, first, renamed]);
});
