import { Alert, Loader, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CRM_RECORD_TYPES, type CustomField } from "#domain/schemas/crm.ts";
import { api } from "#web/lib/api.ts";
import { CustomFieldForm } from "./custom-field-form.tsx";
import { SortableFieldList } from "./sortable-field-list.tsx";
import { CRM_KEY, crmApi, useCrmMutation } from "./use-crm.ts";

/**
 * Campos personalizados of the agency (managed by whoever edits the agency's settings): add, edit,
 * reorder per record kind, remove. Editing takes the modal's place (one dialog at a time, so focus
 * and Esc stay simple) and Cancelar returns to the list; a removal's question stacks on it.
 */
export function CustomFieldsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [editing, setEditing] = useState<CustomField | null>(null);
  return (
    <Modal.Stack>
      <Modal
        opened={opened}
        onClose={editing ? () => setEditing(null) : onClose}
        title={editing ? `Editar campo ${editing.label}` : "Campos personalizados"}
        size="lg"
        stackId="custom-fields"
      >
        {editing ? (
          <EditField field={editing} onDone={() => setEditing(null)} />
        ) : (
          <FieldsOverview onEdit={setEditing} />
        )}
      </Modal>
    </Modal.Stack>
  );
}

function FieldsOverview({ onEdit }: { onEdit: (field: CustomField) => void }) {
  const fields = useQuery({
    queryKey: [...CRM_KEY, "custom-fields"],
    queryFn: () => api<{ fields: CustomField[] }>("/api/crm/custom-fields"),
  });
  const create = useCrmMutation(crmApi.createCustomField);
  return (
    <Stack>
      <CustomFieldForm
        submitLabel="Adicionar campo"
        pending={create.isPending}
        onSubmit={(values, reset) =>
          create.mutate(values, {
            onSuccess: () => {
              notifications.show({ color: "green", message: `Campo "${values.label.trim()}" criado.` });
              reset();
            },
            onError: (e) => notifications.show({ color: "red", message: e.message }),
          })
        }
      />
      <Text fw={600} size="sm">
        Campos da agência
      </Text>
      {fields.isPending ? (
        <Loader size="sm" role="status" aria-label="Carregando campos" />
      ) : fields.isError ? (
        <Alert color="red">{fields.error.message}</Alert>
      ) : fields.data.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum campo personalizado ainda.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Arraste pela alça (ou use espaço e as setas) para mudar a ordem em que os campos aparecem nos formulários.
          </Text>
          {CRM_RECORD_TYPES.map((entity) => {
            const ofEntity = fields.data.fields.filter((f) => f.entity === entity);
            return ofEntity.length ? (
              <SortableFieldList key={entity} entity={entity} fields={ofEntity} onEdit={onEdit} />
            ) : null;
          })}
        </Stack>
      )}
    </Stack>
  );
}

function EditField({ field, onDone }: { field: CustomField; onDone: () => void }) {
  const update = useCrmMutation(crmApi.updateCustomField);
  return (
    <CustomFieldForm
      initial={field}
      submitLabel="Salvar campo"
      pending={update.isPending}
      onCancel={onDone}
      onSubmit={({ label, fieldType, options }) =>
        update.mutate(
          { id: field.id, label, fieldType, options },
          {
            onSuccess: (saved) => {
              notifications.show({ color: "green", message: `Campo "${saved.label}" salvo.` });
              onDone();
            },
            onError: (e) => notifications.show({ color: "red", message: e.message }),
          },
        )
      }
    />
  );
}
