import { Alert, Button, Group, List, Modal, Radio, Select, Stack } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Contact } from "#domain/schemas/crm.ts";
import { crmApi, useContactSearch, useCrmMutation } from "./use-crm.ts";

/**
 * Mesclar com…: pick the other contact (search by name or e-mail), choose which one stays, confirm;
 * the kept contact receives the other's timeline, deals and empty fields, the other is removed.
 */
export function MergeContactModal({
  contact,
  opened,
  onClose,
}: {
  contact: Contact;
  opened: boolean;
  onClose: () => void;
}) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const [otherId, setOtherId] = useState<string | null>(null);
  const [other, setOther] = useState<Contact | null>(null);
  const [keep, setKeep] = useState<"this" | "other">("this");
  const found = useContactSearch(q, contact.id);
  const merge = useCrmMutation(crmApi.merge);
  const navigate = useNavigate();
  const options = found.data ?? [];
  const kept = keep === "this" ? contact : other;
  const removed = keep === "this" ? other : contact;

  const submit = () => {
    if (!kept || !removed) return;
    merge.mutate(
      { keepId: kept.id, mergeId: removed.id },
      {
        onSuccess: (result) => {
          notifications.show({ color: "green", message: `Contatos mesclados em ${result.name}.` });
          onClose();
          navigate(`/app/crm/contatos/${result.id}`);
        },
        onError: (e) => notifications.show({ color: "red", message: e.message }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Mesclar ${contact.name} com…`} size="lg">
      <Stack>
        <Select
          label="Outro contato"
          placeholder="Buscar por nome ou e-mail"
          searchable
          clearable
          data-autofocus
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={q.length >= 2 ? "Nenhum contato encontrado." : "Digite ao menos 2 letras."}
          data={[
            ...options.map((c) => ({ value: c.id, label: c.email ? `${c.name} (${c.email})` : c.name })),
            ...(other && !options.some((c) => c.id === other.id)
              ? [{ value: other.id, label: other.email ? `${other.name} (${other.email})` : other.name }]
              : []),
          ]}
          value={otherId}
          onChange={(id) => {
            setOtherId(id);
            setOther(options.find((c) => c.id === id) ?? null);
          }}
          comboboxProps={{ withinPortal: false }}
        />
        {other && (
          <>
            <Radio.Group label="Qual contato fica?" value={keep} onChange={(v) => setKeep(v as "this" | "other")}>
              <Stack gap={6} mt={6}>
                <Radio value="this" label={`${contact.name}${contact.email ? ` (${contact.email})` : ""}`} />
                <Radio value="other" label={`${other.name}${other.email ? ` (${other.email})` : ""}`} />
              </Stack>
            </Radio.Group>
            <Alert color="yellow" title="O que acontece ao mesclar">
              <List size="sm" spacing={4}>
                <List.Item>
                  Fica: <strong>{kept?.name}</strong>. A linha do tempo, as oportunidades e as tarefas de{" "}
                  <strong>{removed?.name}</strong> passam para ele.
                </List.Item>
                <List.Item>
                  Os campos vazios de {kept?.name} recebem os valores de {removed?.name}; tags, observações e campos
                  personalizados são somados.
                </List.Item>
                <List.Item>{removed?.name} é removido da lista de contatos.</List.Item>
              </List>
            </Alert>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button disabled={!other} loading={merge.isPending} onClick={submit}>
            Mesclar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
