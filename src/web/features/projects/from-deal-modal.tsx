import { Button, Group, Modal, Select, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatMoney } from "#web/lib/format.ts";
import { useCreateFromDeal, useWonDeals } from "./use-projects.ts";

/** One click from a won deal: its client, value and owner become the project's. */
export function FromDealModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const deals = useWonDeals(opened);
  const create = useCreateFromDeal();
  const navigate = useNavigate();
  const [dealId, setDealId] = useState<string | null>(null);
  const options = (deals.data ?? []).map((d) => ({
    value: d.id,
    label: `${d.company ? `${d.company} – ` : ""}${d.name} (${formatMoney(d.valueCents / 100)})`,
  }));
  return (
    <Modal opened={opened} onClose={onClose} title="Projeto a partir de negócio ganho">
      {deals.isSuccess && options.length === 0 ? (
        <Text c="dimmed">Nenhum negócio ganho sem projeto.</Text>
      ) : (
        <Select
          label="Negócio ganho"
          placeholder="Escolha o negócio"
          data={options}
          value={dealId}
          onChange={setDealId}
          searchable
        />
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={!dealId}
          loading={create.isPending}
          onClick={() =>
            dealId &&
            create.mutate(dealId, {
              onSuccess: (r) => {
                onClose();
                navigate(`/app/projetos/visao-geral/${r.id}`);
              },
            })
          }
        >
          Criar projeto
        </Button>
      </Group>
    </Modal>
  );
}
