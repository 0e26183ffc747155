import { Select, TextInput } from "@mantine/core";
import { parseBrNumber } from "#domain/br-number.ts";
import type { CustomField } from "#domain/schemas/crm.ts";
import { BrNumberInput } from "#web/lib/br-number-input.tsx";

/** Custom field values as a form holds them: strings keyed by field id ("" means empty). */
export type CustomValues = Record<string, string>;

/** The stored values of the agency's current fields, as form strings. */
export function toCustomValues(fields: CustomField[], stored: Record<string, unknown>): CustomValues {
  return Object.fromEntries(fields.map((f) => [f.id, stored[f.id] == null ? "" : String(stored[f.id])]));
}

/** What the API takes: numbers as numbers, empty as null, only fields the agency still has. */
export function toCustomBody(fields: CustomField[], values: CustomValues): Record<string, string | number | null> {
  return Object.fromEntries(
    fields.map((f) => {
      const value = values[f.id]?.trim() ?? "";
      if (!value) return [f.id, null];
      return [f.id, f.fieldType === "number" ? (parseBrNumber(value) ?? Number.NaN) : value];
    }),
  );
}

/** One input per custom field, of the field's kind. */
export function CustomFieldInputs({
  fields,
  values,
  onChange,
}: {
  fields: CustomField[];
  values: CustomValues;
  onChange: (id: string, value: string) => void;
}) {
  return fields.map((field) => {
    const value = values[field.id] ?? "";
    if (field.fieldType === "select")
      return (
        <Select
          key={field.id}
          label={field.label}
          data={withRetiredOption(field.options, value)}
          clearable
          value={value || null}
          onChange={(v) => onChange(field.id, v ?? "")}
        />
      );
    if (field.fieldType === "number")
      return (
        <BrNumberInput
          key={field.id}
          label={field.label}
          value={value}
          onChange={(v) => onChange(field.id, String(v))}
        />
      );
    return (
      <TextInput
        key={field.id}
        label={field.label}
        type={field.fieldType === "date" ? "date" : "text"}
        value={value}
        onChange={(e) => onChange(field.id, e.currentTarget.value)}
      />
    );
  });
}

/**
 * A select's options plus the record's stored value when the manager has taken that option out
 * since: it still shows, and saving the record unchanged keeps it (the server checks only changes).
 */
function withRetiredOption(options: string[], value: string) {
  if (!value || options.includes(value)) return options;
  return [...options, { value, label: `${value} (opção removida)` }];
}

/** A stored custom value for reading (dates as dd/mm/aaaa). */
export function formatCustomValue(field: CustomField, value: unknown): string {
  if (value == null || value === "") return "";
  if (field.fieldType === "date") return String(value).split("-").reverse().join("/");
  if (field.fieldType === "number") return Number(value).toLocaleString("pt-BR");
  return String(value);
}
