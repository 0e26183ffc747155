import { Button, Drawer, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { formatCents } from "#domain/crm/money.ts";
import type { Deal } from "#domain/schemas/crm.ts";
import { formatDate } from "#web/lib/format.ts";
import { RecordTimeline } from "./record-timeline.tsx";
import { crmApi, useCrmMutation } from "./use-crm.ts";

/** A deal's details, its won/lost outcome (with the lost reason) and its timeline. */
export function DealDrawer({ deal, onClose }: { deal: Deal | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const outcome = useCrmMutation((body: { outcome: string; lostReason?: string }) =>
    crmApi.outcome(deal?.id ?? "", { ...body }),
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
        onClose();
      },
      onError: (e) => notifications.show({ color: "red", message: e.message }),
    });
  return (
    <Drawer opened={!!deal} onClose={onClose} position="right" size="lg" title={deal?.title}>
      {deal && (
        <Stack>
          <Text size="xl" fw={700} c="green">
            {formatCents(deal.valueCents)}
          </Text>
          <Text size="sm">Contato: {deal.contactName ?? "—"}</Text>
          <Text size="sm">Empresa: {deal.companyName ?? "—"}</Text>
          <Text size="sm">Responsável: {deal.ownerName ?? "—"}</Text>
          <Text size="sm">Previsão de fechamento: {formatDate(deal.expectedCloseOn)}</Text>
          {deal.outcome === "open" ? (
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
          ) : (
            <Group>
              <Text size="sm" fw={600}>
                {deal.outcome === "won" ? "Ganha" : `Perdida${deal.lostReason ? `: ${deal.lostReason}` : ""}`}
              </Text>
              <Button variant="default" size="xs" onClick={() => set({ outcome: "open" })}>
                Reabrir
              </Button>
            </Group>
          )}
          <RecordTimeline type="deal" id={deal.id} />
        </Stack>
      )}
    </Drawer>
  );
}
