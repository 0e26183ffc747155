import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/**
 * Keeps keyboard focus on a card's grip after a keyboard move. Moving a card to another column
 * (optimistically, then again when the server's board arrives or a refused move is put back)
 * mounts a new card and drops the old grip, which leaves focus on <body>; this hands it to the
 * card's current grip. It only takes focus that was lost, and lets go once the user focuses
 * something else.
 */
export function useGripRefocus(renderedBoard: unknown) {
  const grips = useRef(new Map<string, HTMLElement>());
  const [movedDealId, setMovedDealId] = useState<string | null>(null);

  const registerHandle = useCallback((dealId: string, grip: HTMLElement | null) => {
    if (grip) grips.current.set(dealId, grip);
    else grips.current.delete(dealId);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new board may have replaced the grip
  useLayoutEffect(() => {
    const grip = movedDealId ? grips.current.get(movedDealId) : undefined;
    const isFocusLost = !document.activeElement || document.activeElement === document.body;
    if (grip && isFocusLost) grip.focus();
  }, [movedDealId, renderedBoard]);

  useEffect(() => {
    if (!movedDealId) return;
    const letGoElsewhere = (event: FocusEvent) => {
      if (event.target !== grips.current.get(movedDealId)) setMovedDealId(null);
    };
    document.addEventListener("focusin", letGoElsewhere);
    return () => document.removeEventListener("focusin", letGoElsewhere);
  }, [movedDealId]);

  return { registerHandle, refocusAfterMove: setMovedDealId };
}
