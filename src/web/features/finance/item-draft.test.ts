import { describe, expect, it } from "vitest";
import { documentItemSchema, FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { emptyItem, itemsBody, quantityOf } from "./item-draft.ts";

describe("a line's quantity while it is typed (QA #3)", () => {
  it("stays empty when cleared, so typing 2 gives 2, not 20", () => {
    expect(quantityOf({ quantity: "" })).toBeNull();
    expect(quantityOf({ quantity: 2 })).toBe(2);
    expect(quantityOf({ quantity: "1." })).toBe(1);
  });

  it("left empty, is refused by the schema with the quantity's message", () => {
    const [line] = itemsBody([{ ...emptyItem(), service: "Gestão", unitPriceCents: 100, quantity: "" }]);
    expect(documentItemSchema.safeParse(line).error?.issues.map((issue) => issue.message)).toEqual([
      FINANCE_MESSAGES.quantityPositive,
    ]);
  });
});
