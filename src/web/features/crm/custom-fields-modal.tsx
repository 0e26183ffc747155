import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { CRM_RECORD_TYPES, type CustomField, customFieldInputSchema } from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { api } from "#web/lib/api.ts";
import { CRM_KEY, crmApi, useCrmMutation } from "./use-crm.ts";

export const ENTITY_LABELS: Record<(typeof CRM_RECORD_TYPES)[number], string> = {
  contact: "Pessoas",
  company: "Empresas",
  deal: "Oportunidades",
};
const TYPE_LABELS: Record<CustomField["fieldType"], string> = {
  text: "Texto",
  number: "Número",
  date: "Data",
  select: "Seleção única",
};

type Values = { entity: string; label: string; fieldType: string; options: string[] };

/** Campos personalizados of the agency (managed by whoever edits the agency's settings). */
export function CustomFieldsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const fields = useQuery({
    queryKey: [...CRM_KEY, "custom-fields"],
    queryFn: () => api<{ fields: CustomField[] }>("/api/crm/custom-fields"),
  });
  const remove = useCrmMutation(crmApi.deleteCustomField);
  return (
    <Modal opened={opened} onClose={onClose} title="Campos personalizados" size="lg">
      <Stack>
        <NewFieldForm />
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
          <Stack gap={4}>
            {fields.data.fields.map((field) => (
              <Group key={field.id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {field.label}{" "}
                  <Text span size="xs" c="dimmed">
                    {ENTITY_LABELS[field.entity]} · {TYPE_LABELS[field.fieldType]}
                    {field.options.length ? ` (${field.options.join(", ")})` : ""}
                  </Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remover campo ${field.label}`}
                  onClick={() =>
                    window.confirm(`Remover o campo "${field.label}"? Os valores deixam de aparecer nos registros.`) &&
                    remove.mutate(field.id, {
                      onError: (e) => notifications.show({ color: "red", message: e.message }),
                    })
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function NewFieldForm() {
  const form = useForm<Values>({
    initialValues: { entity: "contact", label: "", fieldType: "text", options: [] },
    validate: zodValidate(customFieldInputSchema),
  });
  const create = useCrmMutation(crmApi.createCustomField);
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: "green", message: `Campo "${values.label.trim()}" criado.` });
        form.setValues({ label: "", options: [] });
      },
      onError: (e) => notifications.show({ color: "red", message: e.message }),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Nome do campo" data-autofocus {...form.getInputProps("label")} />
          <Select
            label="Registro"
            allowDeselect={false}
            data={CRM_RECORD_TYPES.map((value) => ({ value, label: ENTITY_LABELS[value] }))}
            {...form.getInputProps("entity")}
          />
          <Select
            label="Tipo"
            allowDeselect={false}
            data={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            {...form.getInputProps("fieldType")}
          />
        </SimpleGrid>
        {form.values.fieldType === "select" && (
          <TagsInput label="Opções" description="Digite cada opção e tecle Enter." {...form.getInputProps("options")} />
        )}
        <Button type="submit" loading={create.isPending} w="fit-content">
          Adicionar campo
        </Button>
      </Stack>
    </form>
  );
}
