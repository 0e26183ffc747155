import { Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import type { BulkContactsBody } from "#domain/schemas/crm.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { STATUS_OPTIONS } from "./contact-status.ts";
import { notifyUndoable } from "./undo-notification.tsx";
import { ownerOptions } from "./owner-options.ts";
import { crmApi, useCrmMutation, useCrmRefresh, useOwnerChoices } from "./use-crm.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";

type Dialog = "tag" | "owner" | "delete" | null;
const NO_OWNER = "none";

/** What to do with the ticked contacts (only the ones on screen): status, tag, owner, delete (with undo). */
export function ContactBulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tag, setTag] = useState("");
  const [owner, setOwner] = useState<string | null>(null);
  const bulk = useCrmMutation(crmApi.bulk);
  const refresh = useCrmRefresh();
  // Only the owners the server accepts: a closer assigns to itself, and "Sem responsável" only who may.
  const choices = useOwnerChoices("contact");
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  const close = () => setDialog(null);
  const run = (action: BulkContactsBody["action"]) => {
    const picked = [...ids];
    bulk.mutate(
      { ids: picked, action },
      {
        onSuccess: (r) => {
          if (action.kind === "delete")
            notifyUndoable({
              message: `${r.updated} contato(s) excluído(s). Você pode desfazer em até 30 dias.`,
              restoredMessage: `${r.updated} contato(s) restaurado(s).`,
              restore: () => Promise.all(picked.map((id) => crmApi.restoreContact(id))).finally(refresh),
            });
          else notifications.show({ color: "green", message: `${r.updated} contato(s) atualizado(s).` });
          close();
          setTag("");
          setOwner(null);
          onDone();
        },
        onError: (e) => notifications.show({ color: "red", message: e.message }),
      },
    );
  };
  if (!ids.length) return null;
  return (
    <Group>
      <Text size="sm">{ids.length} selecionado(s)</Text>
      <Menu>
        <Menu.Target>
          <Button size="xs" variant="light">
            Alterar status
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {STATUS_OPTIONS.map((s) => (
            <Menu.Item key={s.value} onClick={() => run({ kind: "set_status", status: s.value })}>
              {s.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" variant="light" onClick={() => setDialog("tag")}>
        Adicionar tag
      </Button>
      <Button size="xs" variant="light" onClick={() => setDialog("owner")}>
        Atribuir responsável
      </Button>
      {canDelete && (
        <Button size="xs" color="red" variant="light" onClick={() => setDialog("delete")}>
          Excluir
        </Button>
      )}

      <Modal opened={dialog === "tag"} onClose={close} title="Adicionar tag">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (tag.trim()) run({ kind: "add_tag", tag: tag.trim() });
          }}
        >
          <Stack>
            <TextInput
              label="Tag a adicionar"
              description={`Será adicionada a ${ids.length} contato(s).`}
              maxLength={40}
              data-autofocus
              value={tag}
              onChange={(e) => setTag(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" disabled={!tag.trim()} loading={bulk.isPending}>
                Adicionar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={dialog === "owner"} onClose={close} title="Atribuir responsável">
        <Stack>
          <Select
            label="Responsável"
            description={`Para ${ids.length} contato(s).`}
            data={[
              ...(choices.data?.canLeaveUnowned ? [{ value: NO_OWNER, label: "Sem responsável" }] : []),
              ...ownerOptions(choices.data?.people ?? [], null),
            ]}
            searchable
            value={owner}
            onChange={setOwner}
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button
              disabled={!owner}
              loading={bulk.isPending}
              onClick={() => owner && run({ kind: "assign_owner", ownerId: owner === NO_OWNER ? null : owner })}
            >
              Atribuir
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmModal
        opened={dialog === "delete"}
        onClose={close}
        title="Excluir contatos"
        confirmLabel="Excluir"
        color="red"
        isBusy={bulk.isPending}
        onConfirm={() => run({ kind: "delete" })}
      >
        Excluir os {ids.length} contato(s) selecionado(s)? Você pode desfazer em até 30 dias.
      </ConfirmModal>
    </Group>
  );
}
