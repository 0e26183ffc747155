import type { Active, Over } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { boardAccessibility, type ItemGender } from "./board-accessibility.ts";

const active = { id: "deal-1" } as Active;
const over = { id: "stage:1" } as Over;

function announcementsFor(itemGender: ItemGender, noun: string) {
  return boardAccessibility({ item: () => `${noun} Site novo`, itemGender, column: () => "leads" }).announcements;
}

describe("board announcements in pt-BR", () => {
  it("agree with a feminine item", () => {
    const say = announcementsFor("feminine", "Oportunidade");
    expect(say.onDragStart({ active })).toBe("Oportunidade Site novo pega.");
    expect(say.onDragEnd({ active, over })).toBe("Oportunidade Site novo solta sobre a coluna leads.");
  });

  it("agree with a masculine item and say when it falls outside the columns", () => {
    const say = announcementsFor("masculine", "Cartão");
    expect(say.onDragStart({ active })).toBe("Cartão Site novo pego.");
    expect(say.onDragEnd({ active, over: null })).toBe("Cartão Site novo solto fora das colunas.");
  });
});
