import { Text } from "@mantine/core";
import type { CrmRecordType } from "#domain/schemas/crm.ts";
import { formatCustomValue } from "./custom-field-inputs.tsx";
import { useCustomFields } from "./use-crm.ts";

/** A record's custom field values for reading, one labelled line per field of the agency. */
export function CustomFieldList({ entity, values }: { entity: CrmRecordType; values: Record<string, unknown> }) {
  const fields = useCustomFields(entity);
  return (fields.data ?? []).map((field) => (
    <div key={field.id}>
      <Text size="xs" c="dimmed">
        {field.label}
      </Text>
      <Text size="sm">{formatCustomValue(field, values[field.id]) || "—"}</Text>
    </div>
  ));
}
