import { Badge, Button, Popover, Select, Stack, TextInput } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { useState } from "react";
import { OwnerFilterSelect } from "./owner-select.tsx";
import { ReaisFilterInput } from "./reais-input.tsx";

export const DEAL_OUTCOMES = ["open", "won", "lost"] as const;
export type DealOutcome = (typeof DEAL_OUTCOMES)[number];
export type PipelineView = "board" | "list";

/** What the user picked; `outcome` unset means the view's default (board: open deals, list: all). */
export type DealFilters = {
  ownerId?: string;
  tag?: string;
  minCents?: string;
  maxCents?: string;
  closeTo?: string;
  outcome?: DealOutcome;
};

const OUTCOME_OPTIONS = [
  { value: "open", label: "Em aberto" },
  { value: "won", label: "Ganhas" },
  { value: "lost", label: "Perdidas" },
];

/** The board shows open deals unless told otherwise; the list shows every outcome unless told otherwise. */
export function queryOf(filters: DealFilters, view: PipelineView): Record<string, string | undefined> {
  return view === "board" ? { ...filters, outcome: filters.outcome ?? "open" } : { ...filters };
}

/** How many filters narrow the view: the board's default "Em aberto" is not one the user set. */
export function countActiveFilters(filters: DealFilters, view: PipelineView): number {
  return Object.entries(filters).filter(
    ([key, value]) => value !== undefined && !(key === "outcome" && view === "board" && value === "open"),
  ).length;
}

export function DealFiltersButton({
  filters,
  view,
  onChange,
}: {
  filters: DealFilters;
  view: PipelineView;
  onChange: (filters: DealFilters) => void;
}) {
  const active = countActiveFilters(filters, view);
  const set = (change: Partial<DealFilters>) => onChange({ ...filters, ...change });
  // The amount inputs keep the text as typed; clearing the filters starts them afresh.
  const [clearCount, setClearCount] = useState(0);
  const clear = () => {
    onChange({});
    setClearCount((count) => count + 1);
  };
  return (
    <Popover width={280} position="bottom-end">
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle aria-hidden>
                {active}
              </Badge>
            ) : undefined
          }
          aria-label={active > 0 ? `Filtros (${active} ${active === 1 ? "ativo" : "ativos"})` : undefined}
        >
          Filtros
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Select
            label="Situação"
            data={OUTCOME_OPTIONS}
            value={filters.outcome ?? (view === "board" ? "open" : null)}
            placeholder="Todas"
            clearable={view === "list"}
            allowDeselect={view === "list"}
            onChange={(value) => set({ outcome: (value as DealOutcome | null) ?? undefined })}
            comboboxProps={{ withinPortal: false }}
          />
          <OwnerFilterSelect
            type="deal"
            value={filters.ownerId ?? null}
            onChange={(value) => set({ ownerId: value ?? undefined })}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label="Tag"
            value={filters.tag ?? ""}
            onChange={(e) => set({ tag: e.currentTarget.value || undefined })}
          />
          <ReaisFilterInput
            key={`min-${clearCount}`}
            label="Valor mínimo (R$)"
            cents={filters.minCents}
            onCents={(minCents) => set({ minCents })}
          />
          <ReaisFilterInput
            key={`max-${clearCount}`}
            label="Valor máximo (R$)"
            cents={filters.maxCents}
            onCents={(maxCents) => set({ maxCents })}
          />
          <TextInput
            label="Fechamento previsto até"
            type="date"
            value={filters.closeTo ?? ""}
            onChange={(e) => set({ closeTo: e.currentTarget.value || undefined })}
          />
          <Button variant="subtle" size="xs" onClick={clear}>
            Limpar filtros
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
