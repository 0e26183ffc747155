import { describe, expect, it } from "vitest";
import { dropIndex, isBelowMiddle } from "./board-drop.ts";

describe("where a dropped deal goes", () => {
  it("follows the sortable preview within its own column", () => {
    const columnIds = ["a", "b", "c"];
    expect(dropIndex({ columnIds, activeId: "a", overId: "c", isSameColumn: true, isBelowOver: false })).toBe(2);
    expect(dropIndex({ columnIds, activeId: "c", overId: "a", isSameColumn: true, isBelowOver: true })).toBe(0);
  });

  it("goes after a card of another column when dropped on its lower half, before it on its upper half", () => {
    const columnIds = ["x", "y"];
    expect(dropIndex({ columnIds, activeId: "a", overId: "x", isSameColumn: false, isBelowOver: true })).toBe(1);
    expect(dropIndex({ columnIds, activeId: "a", overId: "x", isSameColumn: false, isBelowOver: false })).toBe(0);
    expect(dropIndex({ columnIds, activeId: "a", overId: "y", isSameColumn: false, isBelowOver: true })).toBe(2);
  });

  it("goes last when dropped on the column itself", () => {
    expect(
      dropIndex({ columnIds: ["x"], activeId: "a", overId: "stage:1", isSameColumn: false, isBelowOver: false }),
    ).toBe(1);
  });

  it("compares the middles of the dragged card and the card under it", () => {
    expect(isBelowMiddle({ top: 160, height: 100 }, { top: 100, height: 100 })).toBe(true);
    expect(isBelowMiddle({ top: 40, height: 100 }, { top: 100, height: 100 })).toBe(false);
    expect(isBelowMiddle(null, { top: 100, height: 100 })).toBe(false);
  });
});
