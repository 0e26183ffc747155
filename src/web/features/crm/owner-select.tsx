import { Select, type SelectProps } from "@mantine/core";
import type { CrmRecordType } from "#domain/schemas/crm.ts";
import { ownerOptions } from "./owner-options.ts";
import { useCrmPeople, useOwnerChoices } from "./use-crm.ts";

type OwnerSelectProps = Omit<SelectProps, "data"> & {
  /** The kind of record whose owner is chosen: deals follow crm_pipelines' record scope, the rest crm_contatos'. */
  type: CrmRecordType;
  /** A record being created: left empty, the server makes the caller its owner, so empty reads "Você". */
  isNew?: boolean;
};

/**
 * Responsável of a record being created or edited: only the members the server lets the caller
 * name (a closer: itself), the record's current owner kept visible. On an edit, empty means
 * nobody, offered only to a caller who may leave a record without an owner.
 */
export function OwnerSelect({ type, isNew = false, ...props }: OwnerSelectProps) {
  const choices = useOwnerChoices(type);
  return (
    <Select
      label="Responsável"
      placeholder={isNew ? "Você" : undefined}
      searchable
      clearable={isNew || choices.data?.canLeaveUnowned === true}
      {...props}
      data={ownerOptions(choices.data?.people ?? [], props.value)}
    />
  );
}

/** Responsável filter of a list: every member of the agency (filtering is not assigning). */
export function OwnerFilterSelect({ type, ...props }: Omit<SelectProps, "data"> & { type: CrmRecordType }) {
  const people = useCrmPeople(type);
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
