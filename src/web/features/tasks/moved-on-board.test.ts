import { describe, expect, it } from "vitest";
import type { Task, TaskBoardData, TaskStatus } from "#domain/schemas/tasks.ts";
import { movedOnBoard } from "./moved-on-board.ts";

const card = (id: string, status: TaskStatus) => ({ id, status }) as Task;
const board: TaskBoardData = {
  columns: [
    { status: "pending", count: 60, tasks: [card("a", "pending"), card("b", "pending")], nextCursor: "more" },
    { status: "in_progress", count: 0, tasks: [], nextCursor: null },
    { status: "review", count: 1, tasks: [card("r", "review")], nextCursor: null },
    { status: "completed", count: 0, tasks: [], nextCursor: null },
  ],
};
const shape = (b: TaskBoardData) => b.columns.map((c) => [c.count, c.tasks.map((t) => `${t.id}:${t.status}`).join()]);

describe("movedOnBoard", () => {
  it("moves a card after its new neighbour and moves the counts with it", () => {
    const moved = movedOnBoard(board, "r", { status: "pending", afterId: "a", beforeId: null });
    expect(shape(moved)).toEqual([
      [61, "a:pending,r:pending,b:pending"],
      [0, ""],
      [0, ""],
      [0, ""],
    ]);
    expect(moved.columns[0].nextCursor).toBe("more");
  });

  it("puts a card before its neighbour, or last of the loaded cards with none", () => {
    expect(shape(movedOnBoard(board, "b", { status: "pending", afterId: null, beforeId: "a" }))[0]).toEqual([
      60,
      "b:pending,a:pending",
    ]);
    expect(shape(movedOnBoard(board, "a", { status: "completed", afterId: null, beforeId: null }))).toEqual([
      [59, "b:pending"],
      [0, ""],
      [1, "r:review"],
      [1, "a:completed"],
    ]);
  });

  it("leaves the board as it is for a card it does not hold", () => {
    expect(movedOnBoard(board, "x", { status: "review", afterId: null, beforeId: null })).toBe(board);
  });
});
