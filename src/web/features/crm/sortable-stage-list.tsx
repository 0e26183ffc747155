import { closestCenter, DndContext } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, ColorSwatch, Group, Paper, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { type Pipeline, STAGE_COLOR_LABELS, type Stage, type StageColor } from "#domain/schemas/crm.ts";
import { StageForm } from "./stage-form.tsx";
import { useCrmMutation } from "./use-crm.ts";
import { PIPELINES_KEY, pipelineApi } from "./use-pipeline-settings.ts";
import { listAccessibility } from "#web/lib/board-accessibility.ts";
import { useListReorder } from "./use-list-reorder.ts";
import { SortableGrip } from "./sortable-grip.tsx";

type Can = { edit: boolean; delete: boolean };

/**
 * A pipeline's stages in board order; dragged by pointer or keyboard (the grip: space picks up,
 * arrows move, space drops). The new order shows at once and is sent whole; on error the previous
 * order comes back and the server's message is shown. Each stage is edited in place or deleted
 * (after a confirmation).
 */
export function SortableStageList({ pipeline, can }: { pipeline: Pipeline; can: Can }) {
  const reorder = useCrmMutation(pipelineApi.reorderStages);
  const [editing, setEditing] = useState<string | null>(null);
  const stages = pipeline.stages;
  const nameOf = (id: unknown) => stages.find((s) => s.id === id)?.name ?? "";
  const { sensors, onDragEnd, positionOf } = useListReorder({
    items: stages,
    queryKey: PIPELINES_KEY,
    withOrder: (cached: { pipelines: Pipeline[] }, ordered) => ({
      pipelines: cached.pipelines.map((p) => (p.id === pipeline.id ? { ...p, stages: ordered } : p)),
    }),
    save: (ordered) => reorder.mutateAsync({ pipelineId: pipeline.id, ids: ordered.map((s) => s.id) }),
  });
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={listAccessibility({
        noun: "Etapa",
        ofNoun: "da etapa",
        nounGender: "feminine",
        nameOf,
        positionOf,
      })}
    >
      <SortableContext items={stages.map((s) => s.id)} strategy={verticalListSortingStrategy}>
        <ul
          aria-label={`Etapas do funil ${pipeline.name}`}
          style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}
        >
          {stages.map((stage) => (
            <StageRow
              key={stage.id}
              stage={stage}
              can={can}
              isLast={stages.length === 1}
              editing={editing === stage.id}
              onEdit={(on) => setEditing(on ? stage.id : null)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function StageRow({
  stage,
  can,
  isLast,
  editing,
  onEdit,
}: {
  stage: Stage;
  can: Can;
  isLast: boolean;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: stage.id,
    attributes: { roleDescription: "etapa arrastável" },
    disabled: !can.edit,
  });
  const update = useCrmMutation(pipelineApi.updateStage);
  const remove = useCrmMutation(pipelineApi.removeStage);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const onDelete = () => {
    setConfirmingDelete(false);
    remove.mutate(stage.id, {
      onSuccess: () => notifications.show({ color: "green", message: `Etapa "${stage.name}" excluída.` }),
      onError: (e) => notifications.show({ color: "red", message: e.message }),
    });
  };
  const color = stage.color as StageColor;
  return (
    <li
      ref={setNodeRef}
      data-testid={`stage-${stage.name}`}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <Paper withBorder p="xs" radius="sm">
        {editing ? (
          <StageForm
            initial={{ name: stage.name, color, winProbability: stage.winProbability }}
            submitLabel="Salvar etapa"
            pending={update.isPending}
            onCancel={() => onEdit(false)}
            onSubmit={(values) =>
              update.mutate(
                { id: stage.id, ...values },
                {
                  onSuccess: () => {
                    notifications.show({ color: "green", message: `Etapa "${values.name.trim()}" salva.` });
                    onEdit(false);
                  },
                  onError: (e) => notifications.show({ color: "red", message: e.message }),
                },
              )
            }
          />
        ) : (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {can.edit && (
                <SortableGrip
                  label={`Mover etapa ${stage.name}`}
                  activatorRef={setActivatorNodeRef}
                  handleProps={{ ...attributes, ...listeners }}
                />
              )}
              <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={14} aria-hidden />
              <Text size="sm" truncate>
                {stage.name}
              </Text>
              <Text span size="xs" c="dimmed" visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
                {STAGE_COLOR_LABELS[color] ?? stage.color}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Badge
                variant="light"
                color={color}
                title="Probabilidade de ganho"
                style={{ flexShrink: 0, overflow: "visible" }}
              >
                {stage.winProbability}%
              </Badge>
              {can.edit && (
                <ActionIcon variant="subtle" aria-label={`Editar etapa ${stage.name}`} onClick={() => onEdit(true)}>
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              )}
              {can.delete && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Excluir etapa ${stage.name}`}
                  disabled={isLast || remove.isPending}
                  onClick={() => setConfirmingDelete(true)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Group>
        )}
      </Paper>
      <ConfirmModal
        title="Excluir etapa"
        opened={isConfirmingDelete}
        confirmLabel="Excluir"
        color="red"
        onClose={() => setConfirmingDelete(false)}
        onConfirm={onDelete}
      >
        Excluir a etapa "{stage.name}"? Esta ação não pode ser desfeita.
      </ConfirmModal>
    </li>
  );
}
