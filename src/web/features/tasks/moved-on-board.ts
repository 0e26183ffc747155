import type { MoveTaskBody, TaskBoardData } from "#domain/schemas/tasks.ts";

/**
 * The board with card `id` moved into its new column: after `afterId`, else before `beforeId`,
 * else last of the cards loaded; the columns' counts follow.
 */
export function movedOnBoard(board: TaskBoardData, id: string, body: MoveTaskBody): TaskBoardData {
  const card = board.columns.flatMap((c) => c.tasks).find((t) => t.id === id);
  if (!card) return board;
  return {
    columns: board.columns.map((c) => {
      const rest = c.tasks.filter((t) => t.id !== id);
      const count = c.count + (c.status === body.status ? 1 : 0) - (c.status === card.status ? 1 : 0);
      if (c.status !== body.status) return { ...c, tasks: rest, count };
      const at = body.afterId
        ? rest.findIndex((t) => t.id === body.afterId) + 1
        : body.beforeId
          ? Math.max(
              0,
              rest.findIndex((t) => t.id === body.beforeId),
            )
          : rest.length;
      return { ...c, tasks: [...rest.slice(0, at), { ...card, status: body.status }, ...rest.slice(at)], count };
    }),
  };
}
