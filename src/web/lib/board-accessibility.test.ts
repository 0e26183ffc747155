import type { Active, Over, UniqueIdentifier } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { boardAccessibility, type ItemGender, listAccessibility } from "./board-accessibility.ts";

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

describe("a reorderable list's announcements", () => {
  const stages = ["leads", "proposta"];
  const names = {
    nameOf: (id: UniqueIdentifier) => String(id),
    positionOf: (id: UniqueIdentifier) => stages.indexOf(String(id)) + 1,
  };
  const picked = { id: "proposta" } as Active;
  const target = { id: "leads" } as Over;

  it("agrees with a feminine noun and says the position", () => {
    const { announcements, screenReaderInstructions } = listAccessibility({
      noun: "Etapa",
      ofNoun: "da etapa",
      nounGender: "feminine",
      ...names,
    });
    expect(screenReaderInstructions.draggable).toMatch(/^Pressione espaço para pegar a etapa/);
    expect(announcements.onDragStart({ active: picked })).toBe("Etapa proposta pega, na posição 2.");
    expect(announcements.onDragEnd({ active: picked, over: target })).toBe("Etapa proposta solta na posição 1.");
    expect(announcements.onDragCancel({ active: picked, over: null })).toBe("Movimento da etapa proposta cancelado.");
  });

  it("agrees with a masculine noun", () => {
    const { announcements } = listAccessibility({
      noun: "Campo",
      ofNoun: "do campo",
      nounGender: "masculine",
      ...names,
    });
    expect(announcements.onDragStart({ active: picked })).toBe("Campo proposta pego, na posição 2.");
  });
});

describe("the pick-up is heard", () => {
  it("says nothing while the item is over its own place, so the live region keeps 'pega'", () => {
    const board = boardAccessibility({
      item: () => "Oportunidade Site novo",
      itemGender: "feminine",
      column: () => "leads",
    });
    expect(board.announcements.onDragOver({ active, over: { id: active.id } as Over })).toBeUndefined();
    const list = listAccessibility({
      noun: "Etapa",
      ofNoun: "da etapa",
      nounGender: "feminine",
      nameOf: String,
      positionOf: () => 1,
    });
    expect(list.announcements.onDragOver({ active, over: { id: active.id } as Over })).toBeUndefined();
  });
});
