import { ActionIcon, Badge, Card, Group, Text, UnstyledButton } from "@mantine/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IconGripVertical } from "@tabler/icons-react";
import { formatCents } from "#domain/crm/money.ts";
import type { Deal } from "#domain/schemas/crm.ts";

export function daysSince(iso: string): number {
  return Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));
}

/**
 * A deal on the board: title, contact/company, value, owner, days in stage; dragged by mouse, touch or keyboard.
 * Two controls side by side, never one inside the other (axe nested-interactive): the title opens the
 * deal, the grip is what the keyboard picks up. The pointer may still grab the card anywhere: the
 * sensors' listeners sit on the card, a plain container, and the grip's key presses bubble to them.
 */
export function DealCard({ deal, onOpen }: { deal: Deal; onOpen: (deal: Deal) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: deal.id,
    attributes: { roleDescription: "oportunidade arrastável" },
  });
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
      {...listeners}
    >
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        <UnstyledButton
          onClick={() => onOpen(deal)}
          onPointerDown={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <Text size="sm" fw={600} lineClamp={2}>
            {deal.title}
          </Text>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
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
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            style={{ cursor: "grab" }}
            {...attributes}
            aria-label={`Mover ${deal.title}`}
          >
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {[deal.contactName, deal.companyName].filter(Boolean).join(" · ") || "Sem contato"}
      </Text>
      <Text size="sm" fw={500} c="green" mt={4}>
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
