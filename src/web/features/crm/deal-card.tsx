import { Badge, Card, Group, Text, UnstyledButton } from "@mantine/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { formatCents } from "#domain/crm/money.ts";
import type { Deal } from "#domain/schemas/crm.ts";

export function daysSince(iso: string): number {
  return Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));
}

/** A deal on the board: title, contact/company, value, owner, days in stage; dragged by mouse, touch or keyboard. */
export function DealCard({ deal, onOpen }: { deal: Deal; onOpen: (deal: Deal) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: deal.id });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      shadow="xs"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        touchAction: "none",
      }}
      data-testid={`deal-${deal.title}`}
      aria-label={`Oportunidade ${deal.title}`}
      {...attributes}
      {...listeners}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <UnstyledButton
          onClick={() => onOpen(deal)}
          onPointerDown={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <Text size="sm" fw={600} lineClamp={2}>
            {deal.title}
          </Text>
        </UnstyledButton>
        {deal.outcome === "won" && (
          <Badge color="green" size="xs">
            Ganha
          </Badge>
        )}
        {deal.outcome === "lost" && (
          <Badge color="red" size="xs">
            Perdida
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {[deal.contactName, deal.companyName].filter(Boolean).join(" · ") || "Sem contato"}
      </Text>
      <Text size="sm" fw={500} c="green.8" mt={4}>
        {formatCents(deal.valueCents)}
      </Text>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {deal.ownerName ?? "Sem responsável"}
        </Text>
        <Text size="xs" c="dimmed">
          {daysSince(deal.stageEnteredAt)} d na etapa
        </Text>
      </Group>
    </Card>
  );
}
