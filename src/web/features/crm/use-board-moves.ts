import { useQueryClient } from "@tanstack/react-query";
import { notifications } from "@mantine/notifications";
import type { Board, Deal } from "#domain/schemas/crm.ts";
import { boardKey, crmApi, useCrmMutation } from "./use-crm.ts";

type Move = { deal: Deal; toStageId: string; index: number };

/** Places the card at once (optimistic), sends the move, and puts the board back if the server refuses. */
export function useBoardMoves(filters: Record<string, string | undefined>) {
  const queryClient = useQueryClient();
  const key = boardKey(filters);
  const move = useCrmMutation((body: { id: string; stageId: string; afterId: string | null; version: number }) =>
    crmApi.moveDeal(body.id, { stageId: body.stageId, afterId: body.afterId, version: body.version }),
  );
  return ({ deal, toStageId, index }: Move) => {
    const before = queryClient.getQueryData<Board>(key);
    if (!before) return;
    const target = before.columns.find((c) => c.stageId === toStageId);
    if (!target) return;
    const targetDeals = target.deals.filter((d) => d.id !== deal.id);
    const afterId = index > 0 ? (targetDeals[index - 1]?.id ?? null) : null;
    const next: Board = {
      ...before,
      columns: before.columns.map((c) => {
        const value = deal.valueCents;
        if (c.stageId === toStageId) {
          const deals = [...targetDeals];
          deals.splice(index, 0, { ...deal, stageId: toStageId });
          const moved = deal.stageId !== toStageId;
          return { ...c, deals, count: c.count + (moved ? 1 : 0), totalCents: c.totalCents + (moved ? value : 0) };
        }
        if (c.stageId === deal.stageId) {
          return {
            ...c,
            deals: c.deals.filter((d) => d.id !== deal.id),
            count: c.count - 1,
            totalCents: c.totalCents - value,
          };
        }
        return c;
      }),
    };
    queryClient.setQueryData(key, next);
    move.mutate(
      { id: deal.id, stageId: toStageId, afterId, version: deal.version },
      {
        onError: (error) => {
          queryClient.setQueryData(key, before);
          notifications.show({ color: "red", message: error.message });
        },
      },
    );
  };
}
