import { Select, type SelectProps } from "@mantine/core";
import { useCrmPeople } from "./use-crm.ts";

/** Responsável: one of the agency's members (GET /api/crm/people). */
export function OwnerSelect(props: Omit<SelectProps, "data">) {
  const people = useCrmPeople();
  return (
    <Select
      label="Responsável"
      searchable
      clearable
      {...props}
      data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}
