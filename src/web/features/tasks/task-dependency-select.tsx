import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTaskSearch } from "./use-tasks.ts";

type Named = { id: string; title: string };

/**
 * "Depende de": tasks of the same project, searched by title on the server (a project may hold
 * thousands); the tasks already chosen keep their names while the options change.
 */
export function TaskDependencySelect({
  projectId,
  taskId,
  current,
  enabled,
  value,
  onChange,
  error,
}: {
  projectId: string | undefined;
  taskId?: string;
  current: Named[];
  enabled: boolean;
  value: string[];
  onChange(ids: string[]): void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useTaskSearch(projectId, debounced, enabled);
  const [picked, setPicked] = useState<Named[]>([]);
  const options = new Map<string, string>();
  for (const t of [...current, ...picked]) if (value.includes(t.id)) options.set(t.id, t.title);
  for (const t of found.data ?? []) if (t.id !== taskId) options.set(t.id, t.title);
  return (
    <MultiSelect
      label="Depende de"
      description="Tarefas do mesmo projeto que precisam terminar antes"
      placeholder={projectId ? "Busque as tarefas pelo título" : "Escolha o projeto antes"}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all} // the server already searched
      nothingFoundMessage={found.isFetching ? "Buscando..." : "Nenhuma tarefa encontrada"}
      data={[...options].map(([id, title]) => ({ value: id, label: title }))}
      value={value}
      onChange={(ids) => {
        setPicked((known) => [
          ...known,
          ...ids.flatMap((id) => (options.has(id) ? [{ id, title: options.get(id) ?? "" }] : [])),
        ]);
        onChange(ids);
      }}
      error={error}
    />
  );
}
