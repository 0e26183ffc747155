import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { usePermission } from "#web/lib/permissions.ts";
import { useCompanies } from "../crm/use-crm.ts";

type Company = { id: string; name: string };

/**
 * The project's client, searched among the agency's CRM companies on the server. Hidden for a
 * role that may not read the CRM's companies (the server would refuse the search).
 */
export function ClientCompanySelect({
  value,
  current,
  onChange,
  error,
}: {
  value: string | null;
  current: Company | null;
  onChange(id: string | null): void;
  error?: React.ReactNode;
}) {
  const canRead = usePermission("crm_contatos", "view").isAllowed;
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const companies = useCompanies(debounced, canRead);
  if (!canRead) return null;
  const found = companies.data?.companies ?? [];
  const options = [...(current && !found.some((c) => c.id === current.id) ? [current] : []), ...found];
  return (
    <Select
      label="Cliente"
      placeholder="Busque uma empresa do CRM"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options} // the server already searched
      nothingFoundMessage={companies.isFetching ? "Buscando..." : "Nenhuma empresa encontrada"}
      data={options.map((c) => ({ value: c.id, label: c.name }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
