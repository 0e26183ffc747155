import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Deal } from "#domain/schemas/crm.ts";
import { dealKey } from "./use-crm.ts";

export const DEAL_PARAM = "deal";

/**
 * The open deal lives in the URL (?deal=<id>), so a deal has a link the palette, notifications and
 * colleagues can share. Opening and closing replace the entry: the back button leaves the page
 * instead of stepping through every deal looked at.
 */
export function useDealInUrl() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const setDealParam = (id: string | null) =>
    setParams(
      (current) => {
        if (id) current.set(DEAL_PARAM, id);
        else current.delete(DEAL_PARAM);
        return current;
      },
      { replace: true },
    );
  // The drawer shows the deal the board already holds at once, and still asks the server for the latest.
  const rememberDeal = (deal: Deal) => queryClient.setQueryData(dealKey(deal.id), deal);
  return {
    dealId: params.get(DEAL_PARAM),
    rememberDeal,
    openDeal: (deal: Deal) => {
      rememberDeal(deal);
      setDealParam(deal.id);
    },
    closeDeal: () => setDealParam(null),
  };
}
