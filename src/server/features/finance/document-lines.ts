import { rateOfCents } from "#domain/money.ts";
import type { DocumentItem, DocumentTotalsView } from "#domain/schemas/finance.ts";
import { totalsOf } from "#domain/schemas/finance.ts";

type ItemBody = {
  service: string;
  description: string | null;
  quantity: number;
  unitPriceCents: number;
  priceItemId?: string | null;
};
type DocBody = { items: ItemBody[]; discountCents: number; issRateBp: number; issWithheld: boolean };

/** Item rows and stored totals of a quote or invoice body, computed by the one money rule. */
export function documentRows(body: DocBody) {
  const totals = totalsOf(body);
  const items = body.items.map((item, index) => ({
    position: index + 1,
    service: item.service,
    description: item.description,
    quantity: item.quantity.toFixed(2),
    unitPriceCents: item.unitPriceCents,
    totalCents: totals.lineTotalsCents[index],
  }));
  const columns = {
    discountCents: totals.discountCents,
    issRateBp: body.issRateBp,
    issWithheld: body.issWithheld,
    subtotalCents: totals.subtotalCents,
    totalCents: totals.totalCents,
    amountDueCents: totals.amountDueCents,
  };
  return { items, columns, issCents: totals.issCents };
}

type StoredItem = {
  id: string;
  position: number;
  service: string;
  description: string | null;
  quantity: string;
  unitPriceCents: number;
  totalCents: number;
};

export function toDocumentItem(row: StoredItem): DocumentItem {
  return {
    id: row.id,
    position: row.position,
    service: row.service,
    description: row.description,
    quantity: Number(row.quantity),
    unitPriceCents: row.unitPriceCents,
    totalCents: row.totalCents,
  };
}

type StoredTotals = {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  issRateBp: number;
  issWithheld: boolean;
  amountDueCents: number;
};

export function toTotalsView(row: StoredTotals): DocumentTotalsView {
  return {
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    totalCents: row.totalCents,
    issRateBp: row.issRateBp,
    issCents: rateOfCents(row.totalCents, row.issRateBp),
    issWithheld: row.issWithheld,
    amountDueCents: row.amountDueCents,
  };
}
