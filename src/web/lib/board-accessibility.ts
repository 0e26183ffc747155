import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

/** The grammatical gender of the item's noun: "Oportunidade" and "Tarefa" are feminine ("pega", "solta"). */
export type ItemGender = "feminine" | "masculine";

type Names = {
  /** What the dragged card is called, e.g. "Oportunidade Site novo". */
  item(id: UniqueIdentifier): string;
  /** The gender of the noun `item` starts with, so the participles agree with it. */
  itemGender: ItemGender;
  /** The column an id (a column's or one of its cards') belongs to, e.g. "leads". */
  column(id: UniqueIdentifier): string | undefined;
};

const PICKED_UP: Record<ItemGender, string> = { feminine: "pega", masculine: "pego" };
const DROPPED: Record<ItemGender, string> = { feminine: "solta", masculine: "solto" };

const instructions: ScreenReaderInstructions = {
  draggable: "Pressione espaço para pegar o cartão, use as setas para mover e espaço para soltar. Esc cancela.",
};

/** dnd-kit's screen-reader texts in pt-BR for a Kanban board: which card, over which column. */
export function boardAccessibility(names: Names): {
  screenReaderInstructions: ScreenReaderInstructions;
  announcements: Announcements;
} {
  const where = (overId: UniqueIdentifier | undefined) => {
    const column = overId === undefined ? undefined : names.column(overId);
    return column ? `sobre a coluna ${column}` : "fora das colunas";
  };
  const pickedUp = PICKED_UP[names.itemGender];
  const dropped = DROPPED[names.itemGender];
  return {
    screenReaderInstructions: instructions,
    announcements: {
      onDragStart: ({ active }) => `${names.item(active.id)} ${pickedUp}.`,
      // Over its own place (always so right after the pick-up): saying nothing keeps "pega" heard.
      onDragOver: ({ active, over }) =>
        over?.id === active.id ? undefined : `${names.item(active.id)} ${where(over?.id)}.`,
      onDragEnd: ({ active, over }) => `${names.item(active.id)} ${dropped} ${where(over?.id)}.`,
      onDragCancel: ({ active }) => `Movimento de ${names.item(active.id)} cancelado.`,
    },
  };
}

type ListNames = {
  /** The item's noun as a sentence starts it, e.g. "Etapa" or "Campo". */
  noun: string;
  /** The noun with its article, for "Movimento d…": "da etapa", "do campo". */
  ofNoun: string;
  nounGender: ItemGender;
  /** The item's own name, e.g. "proposta". */
  nameOf(id: UniqueIdentifier): string;
  /** Its 1-based place in the list. */
  positionOf(id: UniqueIdentifier): number;
};

/** dnd-kit's screen-reader texts in pt-BR for a reorderable list: which item, at which position. */
export function listAccessibility({ noun, ofNoun, nounGender, nameOf, positionOf }: ListNames): {
  screenReaderInstructions: ScreenReaderInstructions;
  announcements: Announcements;
} {
  const pickedUp = PICKED_UP[nounGender];
  const dropped = DROPPED[nounGender];
  const item = (id: UniqueIdentifier) => `${noun} ${nameOf(id)}`;
  return {
    screenReaderInstructions: {
      draggable: `Pressione espaço para pegar ${nounGender === "feminine" ? "a" : "o"} ${noun.toLowerCase()}, use as setas para mover e espaço para soltar. Esc cancela.`,
    },
    announcements: {
      onDragStart: ({ active }) => `${item(active.id)} ${pickedUp}, na posição ${positionOf(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over && over.id !== active.id ? `${item(active.id)} sobre a posição ${positionOf(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over ? `${item(active.id)} ${dropped} na posição ${positionOf(over.id)}.` : `${item(active.id)} ${dropped}.`,
      onDragCancel: ({ active }) => `Movimento ${ofNoun} ${nameOf(active.id)} cancelado.`,
    },
  };
}
