import { ActionIcon, Badge, Card, Group, Text, UnstyledButton } from "@mantine/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IconGripVertical } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatCents } from "#domain/crm/money.ts";
import type { Deal } from "#domain/schemas/crm.ts";

export function daysSince(iso: string): number {
  return Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));
}

type HandleRef = (dealId: string, handle: HTMLElement | null) => void;

/**
 * A deal on the board: title, contact/company, value, owner, days in stage; dragged by mouse, touch or keyboard.
 * Two controls side by side, never one inside the other (axe nested-interactive): the title opens the
 * deal, the grip is what the keyboard picks up. The pointer may still grab the card anywhere: the
 * sensors' listeners sit on the card, a plain container, and the grip's key presses bubble to them.
 */
export function DealCard({
  deal,
  onOpen,
  registerHandle,
}: {
  deal: Deal;
  onOpen: (deal: Deal) => void;
  /** Lets the board give the grip its focus back after a keyboard move re-renders the card elsewhere. */
  registerHandle: HandleRef;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: deal.id,
    attributes: { roleDescription: "oportunidade arrastável" },
  });
  const setHandle = (handle: HTMLElement | null) => {
    setActivatorNodeRef(handle);
    registerHandle(deal.id, handle);
  };
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      shadow="xs"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        touchAction: "none",
      }}
      data-testid={`deal-${deal.title}`}
      {...listeners}
    >
      <DealCardContent
        deal={deal}
        title={
          <UnstyledButton
            onClick={() => onOpen(deal)}
            onPointerDown={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.stopPropagation()}
            style={{ flex: 1, minWidth: 0 }}
          >
            <DealTitle deal={deal} />
          </UnstyledButton>
        }
        handle={
          <ActionIcon
            ref={setHandle}
            variant="subtle"
            color="gray"
            size="sm"
            style={{ cursor: "grab" }}
            {...attributes}
            aria-label={`Mover ${deal.title}`}
          >
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
        }
      />
    </Card>
  );
}

/** The copy of a card that follows the pointer while it is dragged (dnd-kit's DragOverlay). */
export function DealCardPreview({ deal }: { deal: Deal }) {
  return (
    <Card withBorder padding="sm" shadow="md" style={{ cursor: "grabbing" }} aria-hidden>
      <DealCardContent
        deal={deal}
        title={
          <div style={{ flex: 1, minWidth: 0 }}>
            <DealTitle deal={deal} />
          </div>
        }
        handle={<IconGripVertical size={14} aria-hidden />}
      />
    </Card>
  );
}

function DealTitle({ deal }: { deal: Deal }) {
  return (
    <Text size="sm" fw={600} lineClamp={2}>
      {deal.title}
    </Text>
  );
}

function DealCardContent({ deal, title, handle }: { deal: Deal; title: ReactNode; handle: ReactNode }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        {title}
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <OutcomeBadge outcome={deal.outcome} />
          {handle}
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
    </>
  );
}

function OutcomeBadge({ outcome }: { outcome: Deal["outcome"] }) {
  if (outcome === "open") return null;
  return (
    <Badge color={outcome === "won" ? "green" : "red"} size="xs">
      {outcome === "won" ? "Ganha" : "Perdida"}
    </Badge>
  );
}
