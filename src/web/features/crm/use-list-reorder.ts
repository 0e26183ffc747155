import {
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { notifications } from "@mantine/notifications";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";

type Reorder<T, Cached> = {
  items: T[];
  /** The cached query the list is read from, and how it looks with the items in their new order. */
  queryKey: QueryKey;
  withOrder: (cached: Cached, ordered: T[]) => Cached;
  /** Sends the whole new order; rejects with the server's message. */
  save: (ordered: T[]) => Promise<unknown>;
};

/**
 * A list reordered by pointer or keyboard: the new order shows at once (the cached query is
 * rewritten) and is sent whole; on error the previous order comes back and the server's message
 * is shown.
 */
export function useListReorder<T extends { id: string }, Cached>({
  items,
  queryKey,
  withOrder,
  save,
}: Reorder<T, Cached>) {
  const queryClient = useQueryClient();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ordered = arrayMove(items, positionOf(active.id) - 1, positionOf(over.id) - 1);
    const previous = queryClient.getQueryData<Cached>(queryKey);
    if (previous) queryClient.setQueryData(queryKey, withOrder(previous, ordered));
    save(ordered).catch((error: Error) => {
      if (previous) queryClient.setQueryData(queryKey, previous);
      notifications.show({ color: "red", message: error.message });
    });
  };
  return { sensors, onDragEnd, positionOf };
}
