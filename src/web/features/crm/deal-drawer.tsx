import { Alert, Button, Center, Drawer, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { formatCents } from "#domain/crm/money.ts";
import { CRM_MESSAGES, type Deal } from "#domain/schemas/crm.ts";
import { ApiError } from "#web/lib/api.ts";
import { formatDate } from "#web/lib/format.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { DealEditForm } from "./deal-edit-form.tsx";
import { RecordTimeline } from "./record-timeline.tsx";
import { crmApi, useCrmMutation, useDeal } from "./use-crm.ts";

/**
 * The deal of the URL (?deal=<id>): its details, editing, its won/lost outcome (with the lost
 * reason) and its timeline. A deal the user may not see (another agency's, or outside a
 * sales_closer's own) is answered 404 and shown as not found.
 */
export function DealDrawer({ dealId, onClose }: { dealId: string | null; onClose: () => void }) {
  const deal = useDeal(dealId);
  const [isEditing, setIsEditing] = useState(false);
  const close = () => {
    setIsEditing(false);
    onClose();
  };
  return (
    <Drawer opened={!!dealId} onClose={close} position="right" size="lg" title={deal.data?.title ?? "Oportunidade"}>
      {deal.isPending ? (
        <Center p="xl" role="status" aria-label="Carregando oportunidade">
          <Loader />
        </Center>
      ) : deal.isError ? (
        <Alert color={isNotFound(deal.error) ? "yellow" : "red"}>
          {isNotFound(deal.error) ? CRM_MESSAGES.dealNotFound : deal.error.message}
        </Alert>
      ) : isEditing ? (
        <DealEditForm key={deal.data.id} deal={deal.data} onDone={() => setIsEditing(false)} />
      ) : (
        <DealDetails deal={deal.data} onEdit={() => setIsEditing(true)} onOutcomeSet={close} />
      )}
    </Drawer>
  );
}

const isNotFound = (error: Error) => error instanceof ApiError && error.status === 404;

function DealDetails({ deal, onEdit, onOutcomeSet }: { deal: Deal; onEdit: () => void; onOutcomeSet: () => void }) {
  const canEdit = usePermission("crm_pipelines", "edit").isAllowed;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text size="xl" fw={700} c="green">
          {formatCents(deal.valueCents)}
        </Text>
        {canEdit && (
          <Button variant="default" size="xs" onClick={onEdit}>
            Editar
          </Button>
        )}
      </Group>
      <Text size="sm">Contato: {deal.contactName ?? "—"}</Text>
      <Text size="sm">Empresa: {deal.companyName ?? "—"}</Text>
      <Text size="sm">Responsável: {deal.ownerName ?? "—"}</Text>
      <Text size="sm">Previsão de fechamento: {formatDate(deal.expectedCloseOn)}</Text>
      <Text size="sm">Tags: {deal.tags.length ? deal.tags.join(", ") : "—"}</Text>
      <DealOutcome deal={deal} canEdit={canEdit} onDone={onOutcomeSet} />
      <RecordTimeline type="deal" id={deal.id} />
    </Stack>
  );
}

function DealOutcome({ deal, canEdit, onDone }: { deal: Deal; canEdit: boolean; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const outcome = useCrmMutation((body: { outcome: string; lostReason?: string }) =>
    crmApi.outcome(deal.id, { ...body }),
  );
  const set = (body: { outcome: string; lostReason?: string }) =>
    outcome.mutate(body, {
      onSuccess: () => {
        notifications.show({
          color: "green",
          message:
            body.outcome === "won"
              ? "Oportunidade ganha!"
              : body.outcome === "lost"
                ? "Oportunidade perdida."
                : "Oportunidade reaberta.",
        });
        setReason("");
        onDone();
      },
      onError: (e) => notifications.show({ color: "red", message: e.message }),
    });
  if (deal.outcome !== "open")
    return (
      <Group>
        <Text size="sm" fw={600}>
          {deal.outcome === "won" ? "Ganha" : `Perdida${deal.lostReason ? `: ${deal.lostReason}` : ""}`}
        </Text>
        {canEdit && (
          <Button variant="default" size="xs" onClick={() => set({ outcome: "open" })}>
            Reabrir
          </Button>
        )}
      </Group>
    );
  if (!canEdit) return null;
  return (
    <Stack gap="xs">
      <Group>
        <Button color="green" onClick={() => set({ outcome: "won" })} loading={outcome.isPending}>
          Marcar como ganha
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Motivo da perda"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          color="red"
          variant="light"
          disabled={!reason.trim()}
          onClick={() => set({ outcome: "lost", lostReason: reason })}
        >
          Marcar como perdida
        </Button>
      </Group>
    </Stack>
  );
}
