import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { Group, ScrollArea } from "@mantine/core";
import { useState } from "react";
import type { Board, Deal } from "#domain/schemas/crm.ts";
import { boardAccessibility } from "#web/lib/board-accessibility.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { BoardColumnView, columnDropId } from "./board-column.tsx";
import { dropIndex, isBelowMiddle } from "./board-drop.ts";
import { DealCardPreview } from "./deal-card.tsx";
import { useBoardMoves } from "./use-board-moves.ts";
import { useGripRefocus } from "./use-grip-refocus.ts";

type Filters = Record<string, string | undefined>;

/** The Kanban board: cards dragged between stages by mouse, touch or keyboard, a copy following the pointer. */
export function PipelineBoard({
  board,
  filters,
  onOpen,
}: {
  board: Board;
  filters: Filters;
  onOpen: (d: Deal) => void;
}) {
  const move = useBoardMoves(filters);
  const canEdit = usePermission("crm_pipelines", "edit").isAllowed;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [draggedDeal, setDraggedDeal] = useState<Deal | null>(null);
  const [overStageId, setOverStageId] = useState<string | null>(null);
  const { registerHandle, refocusAfterMove } = useGripRefocus(board);
  const columnOf = (id: UniqueIdentifier) =>
    board.columns.find((c) => columnDropId(c.stageId) === id || c.deals.some((d) => d.id === id));
  const dealOf = (id: UniqueIdentifier) => board.columns.flatMap((c) => c.deals).find((d) => d.id === id);
  const stageName = (stageId: string | undefined) => board.pipeline.stages.find((s) => s.id === stageId)?.name;

  const onDragStart = ({ active }: DragStartEvent) => {
    setDraggedDeal(dealOf(active.id) ?? null);
    refocusAfterMove(null);
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverStageId(over ? (columnOf(over.id)?.stageId ?? null) : null);
  const endDrag = () => {
    setDraggedDeal(null);
    setOverStageId(null);
  };
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    endDrag();
    if (activatorEvent instanceof KeyboardEvent) refocusAfterMove(String(active.id));
    if (!over || !canEdit) return;
    const from = columnOf(active.id);
    const to = columnOf(over.id);
    const deal = from?.deals.find((d) => d.id === active.id);
    if (!from || !to || !deal) return;
    const index = dropIndex({
      columnIds: to.deals.map((d) => d.id),
      activeId: deal.id,
      overId: String(over.id),
      isSameColumn: from === to,
      isBelowOver: isBelowMiddle(active.rect.current.translated, over.rect),
    });
    const isUnchanged = from === to && to.deals.findIndex((d) => d.id === deal.id) === index;
    if (!isUnchanged) move({ deal, toStageId: to.stageId, index });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={endDrag}
      accessibility={boardAccessibility({
        item: (id) => `Oportunidade ${dealOf(id)?.title ?? ""}`,
        itemGender: "feminine",
        column: (id) => stageName(columnOf(id)?.stageId),
      })}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
          {board.pipeline.stages.map((stage) => {
            const column = board.columns.find((c) => c.stageId === stage.id);
            return (
              <BoardColumnView
                key={stage.id}
                stage={stage}
                column={column}
                deals={column?.deals ?? []}
                isHighlighted={overStageId === stage.id}
                onOpen={onOpen}
                registerHandle={registerHandle}
              />
            );
          })}
        </Group>
      </ScrollArea>
      <DragOverlay>{draggedDeal ? <DealCardPreview deal={draggedDeal} /> : null}</DragOverlay>
    </DndContext>
  );
}
