import { Alert, Button, Center, Group, Loader, SegmentedControl, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { formatCents } from "#domain/crm/money.ts";
import type { Board } from "#domain/schemas/crm.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { DealDrawer } from "./deal-drawer.tsx";
import { type DealFilters, DealFiltersButton, type PipelineView, queryOf } from "./deal-filters.tsx";
import { DealList } from "./deal-list.tsx";
import { NewDealModal } from "./new-deal-modal.tsx";
import { PipelineBoard } from "./pipeline-board.tsx";
import { PipelinePicker } from "./pipeline-picker.tsx";
import { PipelineSettingsButton } from "./pipeline-settings-modal.tsx";
import { toQueryString, useBoard } from "./use-crm.ts";
import { useDealInUrl } from "./use-deal-in-url.ts";
import { useOpenedByUrl } from "./use-opened-by-url.ts";
import { ExportCsvButton } from "./export-csv-button.tsx";

/** Spec §2.10 Pipelines on real data: drag-and-drop board, counts and totals, forecast, list view. */
export default function PipelinesPage() {
  const screen = useCurrentScreen();
  return (
    <SectionAccess screen={screen}>
      <PipelinesScreen />
    </SectionAccess>
  );
}

function PipelinesScreen() {
  const [filters, setFilters] = useState<DealFilters>({});
  const [pipelineId, setPipelineId] = useState<string>();
  const [view, setView] = useState<PipelineView>("board");
  // The board, the list, the moves and the export all read the chosen pipeline (its first by default).
  const queryFor = (forView: PipelineView) => ({ ...queryOf(filters, forView), pipelineId });
  // ?nova=1 (the dashboard's Novo Lead) opens Nova Oportunidade.
  const [opened, modal] = useOpenedByUrl("nova");
  const { dealId, openDeal, rememberDeal, closeDeal } = useDealInUrl();
  const boardQuery = queryFor("board");
  const board = useBoard(boardQuery);
  const canCreate = usePermission("crm_pipelines", "create").isAllowed;
  return (
    <>
      <SectionHeader
        title="Pipelines"
        description="Funil de vendas em quadro Kanban"
        actions={
          <>
            <PipelinePicker value={pipelineId} onChange={setPipelineId} />
            <PipelineSettingsButton pipelineId={board.data?.pipeline.id} />
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as PipelineView)}
              data={[
                { value: "board", label: "Quadro" },
                { value: "list", label: "Lista" },
              ]}
            />
            <DealFiltersButton filters={filters} view={view} onChange={setFilters} />
            <ExportCsvButton path={`/api/crm/deals/export${toQueryString({ ...queryFor(view), view })}`} />
            {canCreate && (
              <Button leftSection={<IconPlus size={16} />} onClick={modal.open} disabled={!board.data}>
                Nova Oportunidade
              </Button>
            )}
          </>
        }
      />
      {board.isPending ? (
        <Center p="xl" role="status" aria-label="Carregando funil">
          <Loader />
        </Center>
      ) : board.isError ? (
        <Alert color="red">{board.error.message}</Alert>
      ) : (
        <>
          <BoardTotals board={board.data} outcome={filters.outcome} />
          {view === "board" ? (
            <PipelineBoard board={board.data} filters={boardQuery} onOpen={openDeal} />
          ) : (
            <DealList query={queryFor("list")} board={board.data} onOpen={openDeal} onFollowLink={rememberDeal} />
          )}
          <NewDealModal opened={opened} onClose={modal.close} stages={board.data.pipeline.stages} />
        </>
      )}
      <DealDrawer dealId={dealId} onClose={closeDeal} />
    </>
  );
}

/**
 * The open funnel's figures; with Ganhas or Perdidas on the board, what those columns add up to
 * (the open total and the forecast would read R$ 0,00 beside columns full of money).
 */
function BoardTotals({ board, outcome }: { board: Board; outcome: string | undefined }) {
  if (outcome === "won" || outcome === "lost") {
    const total = board.columns.reduce((sum, column) => sum + column.totalCents, 0);
    return (
      <Group mb="md" gap="lg">
        <Text size="sm">
          {outcome === "won" ? "Total ganho" : "Total perdido"}: <b>{formatCents(total)}</b>
        </Text>
      </Group>
    );
  }
  return (
    <Group mb="md" gap="lg">
      <Text size="sm">
        Em aberto: <b>{formatCents(board.openTotalCents)}</b>
      </Text>
      <Text size="sm" data-testid="forecast">
        Previsão ponderada: <b>{formatCents(board.forecastCents)}</b>
      </Text>
    </Group>
  );
}
