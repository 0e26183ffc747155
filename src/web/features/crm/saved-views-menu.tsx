import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconBookmark, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { savedViewInputSchema } from "#domain/schemas/crm.ts";
import { crmApi, useCrmMutation, useSavedViews } from "./use-crm.ts";

type Filters = Record<string, string | undefined>;

/** Only the filters that hold something, as a saved view stores them. */
function storedFilters(filters: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => !!e[1]));
}

/** Visualizações: the caller's saved filters of the contact list; save the current ones, pick or delete one. */
export function SavedViewsMenu({ filters, onPick }: { filters: Filters; onPick: (filters: Filters) => void }) {
  const views = useSavedViews("contact");
  const [naming, nameModal] = useDisclosure(false);
  const remove = useCrmMutation(crmApi.deleteView);
  const onDelete = (id: string, name: string) =>
    remove.mutate(id, {
      onSuccess: () => notifications.show({ color: "green", message: `Visualização "${name}" removida.` }),
      onError: (e) => notifications.show({ color: "red", message: e.message }),
    });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />}>
            Visualizações
          </Button>
        </Menu.Target>
        <Menu.Dropdown miw={260}>
          <Menu.Label>Minhas visualizações</Menu.Label>
          {views.isPending && <Menu.Item disabled>Carregando…</Menu.Item>}
          {views.isError && <Menu.Item disabled>Não foi possível carregar.</Menu.Item>}
          {views.data?.length === 0 && <Menu.Item disabled>Nenhuma visualização salva.</Menu.Item>}
          {views.data?.map((view) => (
            <Menu.Item key={view.id} onClick={() => onPick(view.filters as Filters)}>
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={nameModal.open}>Salvar e gerenciar…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {naming && (
        <SaveViewModal
          filters={storedFilters(filters)}
          onClose={nameModal.close}
          views={views.data ?? []}
          onDelete={onDelete}
        />
      )}
    </>
  );
}

function SaveViewModal({
  filters,
  views,
  onClose,
  onDelete,
}: {
  filters: Record<string, string>;
  views: { id: string; name: string }[];
  onClose: () => void;
  onDelete: (id: string, name: string) => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCrmMutation(crmApi.createView);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = savedViewInputSchema.safeParse({ entity: "contact", name, filters });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: "green", message: `Visualização "${parsed.data.name}" salva.` });
        onClose();
      },
      onError: (e) => setError(e.message),
    });
  };
  return (
    <Modal opened onClose={onClose} title="Visualizações">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nome da visualização"
            description="Guarda a busca, os filtros e a ordenação atuais."
            data-autofocus
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Salvar
            </Button>
          </Group>
          {views.length > 0 && (
            <Stack gap={4} mt="sm">
              <Text size="sm" fw={600}>
                Salvas
              </Text>
              {views.map((view) => (
                <Group key={view.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">{view.name}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Excluir visualização ${view.name}`}
                    onClick={() => onDelete(view.id, view.name)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
