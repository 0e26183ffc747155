import type { ComboboxItem } from "@mantine/core";
import type { CrmPerson } from "#domain/schemas/crm.ts";

/**
 * The options of an owner picker: the people the caller may name as owner and, when the record's
 * current owner is not one of them, that owner too, disabled (so an edit form still shows who
 * owns the record, and saving without touching the picker keeps it).
 */
export function ownerOptions(people: readonly CrmPerson[], current: string | null | undefined): ComboboxItem[] {
  const options: ComboboxItem[] = people.filter((p) => p.assignable).map((p) => ({ value: p.id, label: p.name }));
  const owner = current ? people.find((p) => p.id === current) : undefined;
  if (owner && !owner.assignable) options.unshift({ value: owner.id, label: owner.name, disabled: true });
  return options;
}
