import { Button, Group, Select, SimpleGrid, Stack, TagsInput, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  CRM_RECORD_TYPES,
  type CrmRecordType,
  type CustomField,
  customFieldInputSchema,
  customFieldUpdateSchema,
} from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";

export const ENTITY_LABELS: Record<CrmRecordType, string> = {
  contact: "Pessoas",
  company: "Empresas",
  deal: "Oportunidades",
};
export const TYPE_LABELS: Record<CustomField["fieldType"], string> = {
  text: "Texto",
  number: "Número",
  date: "Data",
  select: "Seleção única",
};

export type CustomFieldValues = {
  entity: CrmRecordType;
  label: string;
  fieldType: CustomField["fieldType"];
  options: string[];
};

/**
 * A custom field's definition, new or edited (an existing field keeps its record kind). The
 * schema is the server's: the same messages show before the request is sent.
 */
export function CustomFieldForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: CustomField;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: CustomFieldValues, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const form = useForm<CustomFieldValues>({
    initialValues: initial
      ? { entity: initial.entity, label: initial.label, fieldType: initial.fieldType, options: initial.options }
      : { entity: "contact", label: "", fieldType: "text", options: [] },
    validate: zodValidate(initial ? customFieldUpdateSchema : customFieldInputSchema),
  });
  const reset = () => form.setValues({ label: "", options: [] });
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values, reset))} noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: initial ? 2 : 3 }}>
          <TextInput label="Nome do campo" data-autofocus {...form.getInputProps("label")} />
          {!initial && (
            <Select
              label="Registro"
              allowDeselect={false}
              data={CRM_RECORD_TYPES.map((value) => ({ value, label: ENTITY_LABELS[value] }))}
              {...form.getInputProps("entity")}
            />
          )}
          <Select
            label="Tipo"
            allowDeselect={false}
            data={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            {...form.getInputProps("fieldType")}
          />
        </SimpleGrid>
        {form.values.fieldType === "select" && (
          <TagsInput
            label="Opções"
            description={
              initial
                ? "Digite cada opção e tecle Enter. Registros que já usam uma opção removida a mantêm."
                : "Digite cada opção e tecle Enter."
            }
            {...form.getInputProps("options")}
          />
        )}
        <Group gap="xs">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
