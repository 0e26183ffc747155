import { Alert, Button, Divider, Group, Loader, Modal, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAdjustments, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { type Pipeline, type PipelineAbilities, type PipelineInput, pipelineInputSchema } from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { SortableStageList } from "./sortable-stage-list.tsx";
import { StageForm } from "./stage-form.tsx";
import { useCrmMutation } from "./use-crm.ts";
import { pipelineApi, usePipelineAbilities, usePipelines } from "./use-pipeline-settings.ts";

/**
 * "Gerenciar funis" on the pipelines page header: shown only to who may change the pipelines
 * (the server says so: permission and record scope), it opens the settings on the pipeline the
 * board shows.
 */
export function PipelineSettingsButton({ pipelineId }: { pipelineId: string | undefined }) {
  const [opened, setOpened] = useState(false);
  const abilities = usePipelineAbilities();
  const can = abilities.data;
  if (!can || !(can.create || can.edit || can.delete)) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setOpened(true)}>
        Gerenciar funis
      </Button>
      <Modal.Stack>
        <Modal
          opened={opened}
          onClose={() => setOpened(false)}
          title="Gerenciar funis"
          size="lg"
          stackId="pipeline-settings"
        >
          <PipelineSettings initialId={pipelineId} can={can} />
        </Modal>
      </Modal.Stack>
    </>
  );
}

function PipelineSettings({ initialId, can }: { initialId: string | undefined; can: PipelineAbilities }) {
  const pipelines = usePipelines();
  const [selectedId, setSelectedId] = useState(initialId);
  if (pipelines.isPending) return <Loader size="sm" role="status" aria-label="Carregando funis" />;
  if (pipelines.isError) return <Alert color="red">{pipelines.error.message}</Alert>;
  const list = pipelines.data;
  const pipeline = list.find((p) => p.id === selectedId) ?? list[0];
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Funil"
          data={list.map((p) => ({ value: p.id, label: p.name }))}
          value={pipeline.id}
          onChange={(id) => id && setSelectedId(id)}
          allowDeselect={false}
          style={{ flex: "1 1 200px" }}
        />
        {can.create && <NewPipeline onCreated={setSelectedId} />}
      </Group>
      <Divider />
      <PipelineDetails
        key={pipeline.id}
        pipeline={pipeline}
        can={can}
        isOnly={list.length === 1}
        onDeleted={() => setSelectedId(list.find((p) => p.id !== pipeline.id)?.id)}
      />
    </Stack>
  );
}

function NewPipeline({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCrmMutation(pipelineApi.create);
  const form = useForm<PipelineInput>({ initialValues: { name: "" }, validate: zodValidate(pipelineInputSchema) });
  return (
    <form
      noValidate
      style={{ display: "flex", gap: 8, alignItems: "flex-start", flex: "1 1 260px" }}
      onSubmit={form.onSubmit((values) =>
        create.mutate(values, {
          onSuccess: (created) => {
            notifications.show({
              color: "green",
              message: `Funil "${created.name}" criado com as cinco etapas padrão.`,
            });
            form.reset();
            onCreated(created.id);
          },
          onError: (e) => notifications.show({ color: "red", message: e.message }),
        }),
      )}
    >
      <TextInput
        label="Novo funil"
        placeholder="Nome do novo funil"
        style={{ flex: 1 }}
        {...form.getInputProps("name")}
      />
      <Button type="submit" variant="light" loading={create.isPending} mt={25}>
        Criar funil
      </Button>
    </form>
  );
}

function PipelineDetails({
  pipeline,
  can,
  isOnly,
  onDeleted,
}: {
  pipeline: Pipeline;
  can: PipelineAbilities;
  isOnly: boolean;
  onDeleted: () => void;
}) {
  const rename = useCrmMutation(pipelineApi.rename);
  const remove = useCrmMutation(pipelineApi.remove);
  const addStage = useCrmMutation(pipelineApi.addStage);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const form = useForm<PipelineInput>({
    initialValues: { name: pipeline.name },
    validate: zodValidate(pipelineInputSchema),
  });
  const onError = (e: Error) => notifications.show({ color: "red", message: e.message });
  return (
    <Stack gap="md">
      {can.edit && (
        <form
          noValidate
          style={{ display: "flex", gap: 8, alignItems: "flex-start" }}
          onSubmit={form.onSubmit((values) =>
            rename.mutate(
              { id: pipeline.id, ...values },
              {
                onSuccess: (saved) =>
                  notifications.show({ color: "green", message: `Funil renomeado para "${saved.name}".` }),
                onError,
              },
            ),
          )}
        >
          <TextInput label="Nome do funil" style={{ flex: 1 }} {...form.getInputProps("name")} />
          <Button type="submit" variant="default" loading={rename.isPending} mt={25}>
            Salvar nome
          </Button>
        </form>
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          Etapas
        </Title>
        {can.edit && (
          <Text size="xs" c="dimmed">
            Arraste pela alça (ou use espaço e as setas) para mudar a ordem das colunas do quadro.
          </Text>
        )}
        <SortableStageList pipeline={pipeline} can={can} />
      </Stack>
      {can.edit && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            Nova etapa
          </Title>
          <StageForm
            submitLabel="Adicionar etapa"
            pending={addStage.isPending}
            onSubmit={(values, reset) =>
              addStage.mutate(
                { pipelineId: pipeline.id, ...values },
                {
                  onSuccess: () => {
                    notifications.show({ color: "green", message: `Etapa "${values.name.trim()}" adicionada.` });
                    reset();
                  },
                  onError,
                },
              )
            }
          />
        </Stack>
      )}
      {can.delete && (
        <>
          <Divider />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {isOnly
                ? "A agência precisa ter pelo menos um funil."
                : "Só é possível excluir um funil sem oportunidades."}
            </Text>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              disabled={isOnly}
              loading={remove.isPending}
              onClick={() => setConfirmingDelete(true)}
            >
              Excluir funil
            </Button>
          </Group>
          <ConfirmModal
            title="Excluir funil"
            opened={isConfirmingDelete}
            confirmLabel="Excluir"
            color="red"
            onClose={() => setConfirmingDelete(false)}
            onConfirm={() => {
              setConfirmingDelete(false);
              remove.mutate(pipeline.id, {
                onSuccess: () => {
                  notifications.show({ color: "green", message: `Funil "${pipeline.name}" excluído.` });
                  onDeleted();
                },
                onError,
              });
            }}
          >
            Excluir o funil "{pipeline.name}" e suas etapas? Esta ação não pode ser desfeita.
          </ConfirmModal>
        </>
      )}
    </Stack>
  );
}
