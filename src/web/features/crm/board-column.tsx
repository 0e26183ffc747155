import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { formatCents } from "#domain/crm/money.ts";
import type { BoardColumn, Deal, Stage } from "#domain/schemas/crm.ts";
import { DealCard } from "./deal-card.tsx";
import { countLabel } from "#domain/count-label.ts";

export const columnDropId = (stageId: string) => `stage:${stageId}`;

/** A stage: header with count and total R$, its cards in order, droppable even when empty. */
export function BoardColumnView({
  stage,
  column,
  deals,
  isHighlighted,
  onOpen,
  registerHandle,
}: {
  stage: Stage;
  column: BoardColumn | undefined;
  deals: Deal[];
  /** A card is dragged over this column (over the column itself or one of its cards). */
  isHighlighted: boolean;
  onOpen: (d: Deal) => void;
  registerHandle: (dealId: string, handle: HTMLElement | null) => void;
}) {
  const { setNodeRef } = useDroppable({ id: columnDropId(stage.id) });
  return (
    <Card
      withBorder
      padding="sm"
      w={270}
      miw={270}
      bg={isHighlighted ? "blue.0" : "gray.0"}
      style={{
        outline: isHighlighted ? "2px dashed var(--mantine-color-blue-5)" : undefined,
        transition: "background-color 120ms",
      }}
      data-highlighted={isHighlighted || undefined}
      data-testid={`stage-${stage.name}`}
      ref={setNodeRef}
    >
      <Group justify="space-between" mb={4}>
        <Text fw={600}>{stage.name}</Text>
        <Badge
          color={stage.color}
          variant="light"
          aria-label={countLabel(column?.count ?? 0, "oportunidade", "oportunidades")}
        >
          {column?.count ?? 0}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {formatCents(column?.totalCents ?? 0)} · {stage.winProbability}%
      </Text>
      <SortableContext items={deals.map((d) => d.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" mih={60}>
          {deals.map((deal) => (
            <DealCard key={deal.id} deal={deal} onOpen={onOpen} registerHandle={registerHandle} />
          ))}
        </Stack>
      </SortableContext>
      {column?.nextCursor && (
        <Text size="xs" c="dimmed" mt="xs">
          Mostrando {deals.length} de {column.count}
        </Text>
      )}
    </Card>
  );
}
