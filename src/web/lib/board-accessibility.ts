import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

type Names = {
  /** What the dragged card is called, e.g. "Oportunidade Site novo". */
  item(id: UniqueIdentifier): string;
  /** The column an id (a column's or one of its cards') belongs to, e.g. "leads". */
  column(id: UniqueIdentifier): string | undefined;
};

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
  return {
    screenReaderInstructions: instructions,
    announcements: {
      onDragStart: ({ active }) => `${names.item(active.id)} pego.`,
      onDragOver: ({ active, over }) => `${names.item(active.id)} ${where(over?.id)}.`,
      onDragEnd: ({ active, over }) =>
        over ? `${names.item(active.id)} solto ${where(over.id)}.` : `${names.item(active.id)} solto fora das colunas.`,
      onDragCancel: ({ active }) => `Movimento de ${names.item(active.id)} cancelado.`,
    },
  };
}
