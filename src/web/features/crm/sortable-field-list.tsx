import { closestCenter, DndContext } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { CrmRecordType, CustomField } from "#domain/schemas/crm.ts";
import { ENTITY_LABELS, TYPE_LABELS } from "./custom-field-form.tsx";
import { CRM_KEY, crmApi, useCrmMutation } from "./use-crm.ts";
import { listAccessibility } from "#web/lib/board-accessibility.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { useListReorder } from "./use-list-reorder.ts";
import { SortableGrip } from "./sortable-grip.tsx";

const FIELDS_KEY = [...CRM_KEY, "custom-fields"];

/**
 * One record kind's fields, in the order forms show them; dragged by pointer or keyboard (the
 * grip: space picks up, arrows move, space drops). The new order is shown at once and sent whole;
 * on error the previous order comes back.
 */
export function SortableFieldList({
  entity,
  fields,
  onEdit,
}: {
  entity: CrmRecordType;
  fields: CustomField[];
  onEdit: (field: CustomField) => void;
}) {
  const reorder = useCrmMutation(crmApi.reorderCustomFields);
  const labelOf = (id: unknown) => fields.find((f) => f.id === id)?.label ?? "";
  const { sensors, onDragEnd, positionOf } = useListReorder({
    items: fields,
    queryKey: FIELDS_KEY,
    // The cache holds every kind's fields: only this kind's are reordered.
    withOrder: (cached: { fields: CustomField[] }, ordered) => ({
      fields: [...cached.fields.filter((f) => f.entity !== entity), ...ordered],
    }),
    save: (ordered) => reorder.mutateAsync({ entity, ids: ordered.map((f) => f.id) }),
  });
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={listAccessibility({
        noun: "Campo",
        ofNoun: "do campo",
        nounGender: "masculine",
        nameOf: labelOf,
        positionOf,
      })}
    >
      <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label={`Campos de ${ENTITY_LABELS[entity]}`} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {fields.map((field) => (
            <FieldRow key={field.id} field={field} onEdit={onEdit} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function FieldRow({ field, onEdit }: { field: CustomField; onEdit: (field: CustomField) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    attributes: { roleDescription: "campo arrastável" },
  });
  const remove = useCrmMutation(crmApi.deleteCustomField);
  const [isConfirmingRemoval, setConfirmingRemoval] = useState(false);
  const onRemove = () => {
    setConfirmingRemoval(false);
    remove.mutate(field.id, {
      onError: (e) => notifications.show({ color: "red", message: e.message }),
    });
  };
  return (
    <li
      ref={setNodeRef}
      data-testid={`custom-field-${field.label}`}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <Group justify="space-between" wrap="nowrap" py={2}>
        <Group gap={4} wrap="nowrap">
          <SortableGrip
            label={`Mover campo ${field.label}`}
            activatorRef={setActivatorNodeRef}
            handleProps={{ ...attributes, ...listeners }}
          />
          <Text size="sm">
            {field.label}{" "}
            <Text span size="xs" c="dimmed">
              {ENTITY_LABELS[field.entity]} · {TYPE_LABELS[field.fieldType]}
              {field.options.length ? ` (${field.options.join(", ")})` : ""}
            </Text>
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Editar campo ${field.label}`} onClick={() => onEdit(field)}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remover campo ${field.label}`}
            loading={remove.isPending}
            onClick={() => setConfirmingRemoval(true)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <ConfirmModal
        title="Remover campo"
        opened={isConfirmingRemoval}
        confirmLabel="Remover"
        color="red"
        onClose={() => setConfirmingRemoval(false)}
        onConfirm={onRemove}
      >
        Remover o campo "{field.label}"? Os valores deixam de aparecer nos registros.
      </ConfirmModal>
    </li>
  );
}
