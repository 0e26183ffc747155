import { Select } from "@mantine/core";
import { usePermission } from "#web/lib/permissions.ts";
import type { ItemDraft } from "./item-draft.ts";
import { useProjectEstimates } from "./use-finance.ts";

type Props = { companyId: string | null; onPick: (line: ItemDraft) => void };

/** A quote line from a project's estimated hours: hours × the project's rate (typed when it has none). */
export function ProjectHoursPicker({ companyId, onPick }: Props) {
  const allowed = usePermission("financeiro_orcamentos", "create").isAllowed;
  const estimates = useProjectEstimates(companyId, allowed);
  const projects = estimates.data?.projects ?? [];
  if (!allowed || projects.length === 0) return null;
  const pick = (projectId: string | null) => {
    const project = projects.find((p) => p.projectId === projectId);
    if (!project) return;
    onPick({
      priceItemId: null,
      service: `Horas estimadas — ${project.projectName}`,
      description: "",
      quantity: project.budgetHours,
      unitPriceCents: project.hourlyRateCents,
    });
  };
  return (
    <Select
      aria-label="Horas estimadas de um projeto"
      placeholder="Horas estimadas de um projeto"
      size="xs"
      data={projects.map((p) => ({
        value: p.projectId,
        label: `${p.projectName} (${p.budgetHours.toLocaleString("pt-BR")} h)`,
      }))}
      value={null}
      onChange={pick}
      searchable
      w={280}
    />
  );
}
