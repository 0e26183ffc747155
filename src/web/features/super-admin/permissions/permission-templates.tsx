import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ROLE_LABELS, type Role } from "#domain/roles.ts";
import {
  type CreateTemplateInput,
  createTemplateSchema,
  PERMISSION_MESSAGES,
  type PermissionTemplate,
} from "#domain/schemas/permissions.ts";
import { api } from "#web/lib/api.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { zodValidate } from "../zod-validate.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import {
  EDITABLE_ROLE_OPTIONS,
  ROLE_OPTIONS,
  TEMPLATES_KEY,
  toastError,
  toastSuccess,
  useRefreshPermissions,
} from "./permission-queries.ts";
import { loadErrorMessage } from "./role-permissions-table.tsx";
import { countLabel } from "#domain/count-label.ts";

const EMPTY_TEMPLATE: CreateTemplateInput = { name: "", description: "", role: "agency_manager" };

function CreateTemplateForm() {
  const queryClient = useQueryClient();
  const form = useForm<CreateTemplateInput>({
    initialValues: EMPTY_TEMPLATE,
    validate: zodValidate(createTemplateSchema),
  });
  const create = useMutation({
    mutationFn: (values: CreateTemplateInput) =>
      api<PermissionTemplate>("/api/admin/permissions/templates", { body: values }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.templateCreated);
      form.reset();
      queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
    onError: () => toastError(PERMISSION_MESSAGES.templateCreateFailed),
  });
  return (
    <Card withBorder padding="md">
      <Title order={5} mb={4}>
        Novo template
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Copia as permissões atuais de uma função para reaplicá-las depois, nela ou em outra função.
      </Text>
      <form noValidate onSubmit={form.onSubmit((values) => create.mutate(values))}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nome do template" required {...form.getInputProps("name")} />
            <Select
              label="Copiar permissões de"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps("role")}
            />
          </SimpleGrid>
          <Textarea label="Descrição (opcional)" autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
              Criar template
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function viewCount(template: PermissionTemplate): number {
  return Object.values(template.permissions).filter((flags) => flags?.can_view).length;
}

function TemplateCard(props: { template: PermissionTemplate; onApply: () => void; onDelete: () => void }) {
  const { template } = props;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{template.name}</Text>
            <Badge variant="light">{ROLE_LABELS[template.role]}</Badge>
          </Group>
          {template.description && (
            <Text size="sm" c="dimmed">
              {template.description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {countLabel(viewCount(template), "módulo com acesso", "módulos com acesso")} · criado em{" "}
            {formatDateTime(template.createdAt)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={props.onApply}>
            Aplicar
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={props.onDelete}>
            Remover
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function useTemplateMutations(onDone: () => void) {
  const queryClient = useQueryClient();
  const refreshPermissions = useRefreshPermissions();
  const apply = useMutation({
    mutationFn: (input: { id: string; role: Role }) =>
      api(`/api/admin/permissions/templates/${input.id}/apply`, { body: { role: input.role } }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.templateApplied);
      refreshPermissions();
    },
    onError: () => toastError(PERMISSION_MESSAGES.templateApplyFailed),
    onSettled: onDone,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/permissions/templates/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.templateRemoved);
      queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
    onError: () => toastError(PERMISSION_MESSAGES.templateRemoveFailed),
    onSettled: onDone,
  });
  return { apply, remove };
}

/** Templates made from a role's rows: create, list, apply to a role, remove. */
export function PermissionTemplates() {
  const [applying, setApplying] = useState<PermissionTemplate | null>(null);
  const [targetRole, setTargetRole] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<PermissionTemplate | null>(null);
  const close = () => {
    setApplying(null);
    setDeleting(null);
  };
  const { apply, remove } = useTemplateMutations(close);
  const templates = useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: () => api<PermissionTemplate[]>("/api/admin/permissions/templates"),
  });

  return (
    <Stack>
      <CreateTemplateForm />
      <Title order={5}>Templates salvos</Title>
      {templates.isPending && <Loader role="status" size="sm" aria-label="Carregando templates" />}
      {templates.isError && <Alert color="red">{loadErrorMessage(templates.error)}</Alert>}
      {templates.isSuccess && templates.data.length === 0 && (
        <Text c="dimmed">{PERMISSION_MESSAGES.templatesEmpty}</Text>
      )}
      {templates.data?.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          onApply={() => {
            setTargetRole(template.role === "super_admin" ? null : template.role);
            setApplying(template);
          }}
          onDelete={() => setDeleting(template)}
        />
      ))}
      <ConfirmModal
        title="Aplicar template"
        opened={applying !== null}
        confirmLabel="Aplicar"
        isBusy={apply.isPending}
        isDisabled={!targetRole}
        onClose={close}
        onConfirm={() => applying && targetRole && apply.mutate({ id: applying.id, role: targetRole })}
      >
        <Stack gap="sm">
          <Text size="sm">
            As permissões da função escolhida serão substituídas pelas do template <strong>{applying?.name}</strong>.
          </Text>
          <Select
            label="Aplicar à função"
            placeholder="Selecione uma função"
            data={EDITABLE_ROLE_OPTIONS}
            value={targetRole}
            onChange={(value) => setTargetRole(value as Role | null)}
            comboboxProps={{ withinPortal: false }}
          />
        </Stack>
      </ConfirmModal>
      <ConfirmModal
        title="Remover template"
        opened={deleting !== null}
        confirmLabel="Remover"
        color="red"
        isBusy={remove.isPending}
        onClose={close}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        Remover o template <strong>{deleting?.name}</strong>? As permissões das funções não mudam.
      </ConfirmModal>
    </Stack>
  );
}
