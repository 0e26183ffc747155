import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconGripVertical, IconPencil, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CrmRecordType, CustomField } from "#domain/schemas/crm.ts";
import { ENTITY_LABELS, TYPE_LABELS } from "./custom-field-form.tsx";
import { CRM_KEY, crmApi, useCrmMutation } from "./use-crm.ts";
import { listAccessibility } from "#web/lib/board-accessibility.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";

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
  const queryClient = useQueryClient();
  const reorder = useCrmMutation(crmApi.reorderCustomFields);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: unknown) => fields.find((f) => f.id === id)?.label ?? "";
  const positionOf = (id: unknown) => fields.findIndex((f) => f.id === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ordered = arrayMove(fields, positionOf(active.id) - 1, positionOf(over.id) - 1);
    const previous = queryClient.getQueryData<{ fields: CustomField[] }>(FIELDS_KEY);
    if (previous) {
      const others = previous.fields.filter((f) => f.entity !== entity);
      queryClient.setQueryData(FIELDS_KEY, { fields: [...others, ...ordered] });
    }
    reorder.mutate(
      { entity, ids: ordered.map((f) => f.id) },
      {
        onError: (e) => {
          if (previous) queryClient.setQueryData(FIELDS_KEY, previous);
          notifications.show({ color: "red", message: e.message });
        },
      },
    );
  };
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
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            style={{ cursor: "grab", touchAction: "none" }}
            {...attributes}
            {...listeners}
            aria-label={`Mover campo ${field.label}`}
          >
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
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
