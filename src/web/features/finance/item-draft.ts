/** A quote or invoice line as its form holds it. */
export type ItemDraft = {
  priceItemId: string | null;
  service: string;
  description: string;
  /**
   * As the quantity field holds it while typed (QA #3): a number, or text when empty or half
   * typed ("" or "1."). Snapping "" to 0 put what was typed next in front of a 0: 2 became 20.
   */
  quantity: number | string;
  unitPriceCents: number | null;
};

export const emptyItem = (): ItemDraft => ({
  priceItemId: null,
  service: "",
  description: "",
  quantity: 1,
  unitPriceCents: null,
});

/** The typed quantity as a number; null while the field is empty or not a number. */
export function quantityOf(item: Pick<ItemDraft, "quantity">): number | null {
  if (typeof item.quantity === "number") return item.quantity;
  const quantity = Number(item.quantity);
  return item.quantity.trim() !== "" && Number.isFinite(quantity) ? quantity : null;
}

/** The lines as the request body takes them; an empty quantity is left for the schema to refuse. */
export function itemsBody(items: ItemDraft[]) {
  return items.map((item) => ({
    priceItemId: item.priceItemId,
    service: item.service,
    description: item.description || null,
    quantity: quantityOf(item),
    unitPriceCents: item.unitPriceCents ?? 0,
  }));
}

/** Adds a line, in place of the form's first line while that one is still blank. */
export function withLine(items: ItemDraft[], line: ItemDraft): ItemDraft[] {
  const blank = (item: ItemDraft) => !item.service.trim() && item.unitPriceCents === null;
  return items.length === 1 && blank(items[0]) ? [line] : [...items, line];
}
