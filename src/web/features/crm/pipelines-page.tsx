import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  Popover,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { IconDownload, IconFilter, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { formatCents } from "#domain/crm/money.ts";
import type { Board, Deal } from "#domain/schemas/crm.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { boardAccessibility } from "#web/lib/board-accessibility.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { BoardColumnView, columnDropId } from "./board-column.tsx";
import { daysSince } from "./deal-card.tsx";
import { DealDrawer } from "./deal-drawer.tsx";
import { NewDealModal } from "./new-deal-modal.tsx";
import { PipelinePicker } from "./pipeline-picker.tsx";
import { PipelineSettingsButton } from "./pipeline-settings-modal.tsx";
import { toQueryString, useBoard, useDealList } from "./use-crm.ts";
import { useBoardMoves } from "./use-board-moves.ts";
import { useOpenedByUrl } from "./use-opened-by-url.ts";

type Filters = { tag?: string; minCents?: string; maxCents?: string; closeTo?: string };

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
  const [filterValues, setFilters] = useState<Filters>({});
  const [pipelineId, setPipelineId] = useState<string>();
  const filters = { ...filterValues, pipelineId };
  const [view, setView] = useState<"board" | "list">("board");
  // ?nova=1 (the dashboard's Novo Lead) opens Nova Oportunidade.
  const [opened, modal] = useOpenedByUrl("nova");
  const [openDeal, setOpenDeal] = useState<Deal | null>(null);
  const board = useBoard(filters);
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
              onChange={(v) => setView(v as "board" | "list")}
              data={[
                { value: "board", label: "Quadro" },
                { value: "list", label: "Lista" },
              ]}
            />
            <FiltersButton filters={filters} onChange={setFilters} />
            <Button
              component="a"
              variant="default"
              href={`/api/crm/deals/export${toQueryString(filters)}`}
              leftSection={<IconDownload size={16} />}
            >
              Exportar CSV
            </Button>
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
          <Group mb="md" gap="lg">
            <Text size="sm">
              Em aberto: <b>{formatCents(board.data.openTotalCents)}</b>
            </Text>
            <Text size="sm" data-testid="forecast">
              Previsão ponderada: <b>{formatCents(board.data.forecastCents)}</b>
            </Text>
          </Group>
          {view === "board" ? (
            <BoardView board={board.data} filters={filters} onOpen={setOpenDeal} />
          ) : (
            <DealList filters={filters} board={board.data} onOpen={setOpenDeal} />
          )}
          <NewDealModal opened={opened} onClose={modal.close} stages={board.data.pipeline.stages} />
        </>
      )}
      <DealDrawer deal={openDeal} onClose={() => setOpenDeal(null)} />
    </>
  );
}

function BoardView({ board, filters, onOpen }: { board: Board; filters: Filters; onOpen: (d: Deal) => void }) {
  const move = useBoardMoves(filters);
  const canEdit = usePermission("crm_pipelines", "edit").isAllowed;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const columnOf = (id: string) =>
    board.columns.find((c) => columnDropId(c.stageId) === id || c.deals.some((d) => d.id === id));
  const dealTitle = (id: string) => board.columns.flatMap((c) => c.deals).find((d) => d.id === id)?.title ?? "";
  const stageName = (stageId: string | undefined) => board.pipeline.stages.find((s) => s.id === stageId)?.name;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || !canEdit) return;
    const from = columnOf(String(active.id));
    const to = columnOf(String(over.id));
    const deal = from?.deals.find((d) => d.id === active.id);
    if (!from || !to || !deal) return;
    const others = to.deals.filter((d) => d.id !== deal.id);
    let index = others.length;
    const overIndex = others.findIndex((d) => d.id === over.id);
    if (overIndex >= 0) {
      const activeIndex = to.deals.findIndex((d) => d.id === deal.id);
      index = from === to && activeIndex >= 0 && activeIndex <= overIndex ? overIndex + 1 : overIndex;
    }
    const unchanged = from === to && to.deals.findIndex((d) => d.id === deal.id) === index;
    if (!unchanged) move({ deal, toStageId: to.stageId, index });
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={onDragEnd}
      accessibility={boardAccessibility({
        item: (id) => `Oportunidade ${dealTitle(String(id))}`,
        column: (id) => stageName(columnOf(String(id))?.stageId),
      })}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
          {board.pipeline.stages.map((stage) => {
            const column = board.columns.find((c) => c.stageId === stage.id);
            return (
              <BoardColumnView
                key={stage.id}
                stage={stage}
                column={column}
                deals={column?.deals ?? []}
                onOpen={onOpen}
              />
            );
          })}
        </Group>
      </ScrollArea>
    </DndContext>
  );
}

function DealList({ filters, board, onOpen }: { filters: Filters; board: Board; onOpen: (d: Deal) => void }) {
  const list = useDealList(filters);
  const stageName = (id: string) => board.pipeline.stages.find((s) => s.id === id)?.name ?? "";
  if (list.isPending) return <Loader role="status" aria-label="Carregando oportunidades" />;
  if (list.isError) return <Alert color="red">{list.error.message}</Alert>;
  if (!list.data.deals.length) return <Text c="dimmed">Nenhuma oportunidade encontrada.</Text>;
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={700}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Título</Table.Th>
              <Table.Th>Etapa</Table.Th>
              <Table.Th>Valor</Table.Th>
              <Table.Th>Contato</Table.Th>
              <Table.Th>Responsável</Table.Th>
              <Table.Th>Dias na etapa</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.deals.map((d) => (
              <Table.Tr key={d.id} onClick={() => onOpen(d)} style={{ cursor: "pointer" }}>
                <Table.Td>
                  {d.title}{" "}
                  {d.outcome !== "open" && (
                    <Badge size="xs" color={d.outcome === "won" ? "green" : "red"}>
                      {d.outcome === "won" ? "Ganha" : "Perdida"}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{stageName(d.stageId)}</Table.Td>
                <Table.Td>{formatCents(d.valueCents)}</Table.Td>
                <Table.Td>{d.contactName ?? "—"}</Table.Td>
                <Table.Td>{d.ownerName ?? "—"}</Table.Td>
                <Table.Td>{daysSince(d.stageEnteredAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function FiltersButton({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const reais = (cents?: string) => (cents ? Number(cents) / 100 : "");
  const cents = (v: string | number) => (v === "" ? undefined : String(Math.round(Number(v) * 100)));
  return (
    <Popover width={260} position="bottom-end">
      <Popover.Target>
        <Button variant="default" leftSection={<IconFilter size={16} />}>
          Filtros
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label="Tag"
            value={filters.tag ?? ""}
            onChange={(e) => onChange({ ...filters, tag: e.currentTarget.value || undefined })}
          />
          <NumberInput
            label="Valor mínimo (R$)"
            min={0}
            value={reais(filters.minCents)}
            onChange={(v) => onChange({ ...filters, minCents: cents(v) })}
          />
          <NumberInput
            label="Valor máximo (R$)"
            min={0}
            value={reais(filters.maxCents)}
            onChange={(v) => onChange({ ...filters, maxCents: cents(v) })}
          />
          <TextInput
            label="Fechamento previsto até"
            type="date"
            value={filters.closeTo ?? ""}
            onChange={(e) => onChange({ ...filters, closeTo: e.currentTarget.value || undefined })}
          />
          <Button variant="subtle" size="xs" onClick={() => onChange({})}>
            Limpar filtros
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
