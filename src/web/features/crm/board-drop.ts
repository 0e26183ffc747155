type Drop = {
  /** The ids of the target column's cards, in order (the dragged card among them when it stays in its column). */
  columnIds: string[];
  activeId: string;
  /** The card dropped on, or the column's own id when dropped on the column. */
  overId: string;
  isSameColumn: boolean;
  /** The dragged card's middle is below the middle of the card it was dropped on. */
  isBelowOver: boolean;
};

/**
 * Where a dropped card goes among the target column's other cards. Within its own column the
 * sortable preview has already made room, so the card takes the slot it shows; in another column
 * nothing moves aside, so the lower half of a card means after it and the upper half before it.
 */
export function dropIndex({ columnIds, activeId, overId, isSameColumn, isBelowOver }: Drop): number {
  const others = columnIds.filter((id) => id !== activeId);
  const overIndex = others.indexOf(overId);
  if (overIndex < 0) return others.length;
  if (isSameColumn) return columnIds.indexOf(activeId) <= overIndex ? overIndex + 1 : overIndex;
  return isBelowOver ? overIndex + 1 : overIndex;
}

type Rect = { top: number; height: number };

/** Whether the dragged card's middle lies below the middle of the card under it. */
export function isBelowMiddle(dragged: Rect | null | undefined, target: Rect): boolean {
  if (!dragged) return false;
  return dragged.top + dragged.height / 2 > target.top + target.height / 2;
}
