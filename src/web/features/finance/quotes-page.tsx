import { Button, Card, Group, SegmentedControl, Table } from "@mantine/core";
import { IconList, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatCents } from "#web/lib/agency-money.ts";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "#domain/schemas/finance.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { formatDateBr } from "./dates.ts";
import { QuoteStatusBadge } from "./finance-badges.tsx";
import { PriceItemsDrawer } from "./price-items-drawer.tsx";
import { QuoteDrawer } from "./quote-drawer.tsx";
import { QuoteFormModal } from "./quote-form-modal.tsx";
import { useDefaultIssPercent, useQuotes } from "./use-finance.ts";
import { ListState } from "./list-state.tsx";
import { ScrollTable } from "#web/lib/scroll-table.tsx";

export default function QuotesPage() {
  const screen = useCurrentScreen();
  const [status, setStatus] = useState("todos");
  const [creating, setCreating] = useState(false);
  const [priceListOpen, setPriceListOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const navigate = useNavigate();
  const quotes = useQuotes(status === "todos" ? undefined : status);
  useDefaultIssPercent(); // loaded ahead, for the new quote form
  const rows = quotes.data?.pages.flatMap((p) => p.quotes) ?? [];
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Orçamentos"
        description="Propostas comerciais e orçamentos"
        actions={
          <>
            <Button variant="default" leftSection={<IconList size={16} />} onClick={() => setPriceListOpen(true)}>
              Tabela de preços
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Novo orçamento
            </Button>
          </>
        }
      />
      <SegmentedControl
        mb="md"
        value={status}
        onChange={setStatus}
        aria-label="Filtrar por situação"
        data={[
          { value: "todos", label: "Todos" },
          ...QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })),
        ]}
      />
      <Card withBorder padding={0}>
        <ListState
          query={quotes}
          isEmpty={rows.length === 0}
          loadingLabel="Carregando orçamentos"
          errorText="Não foi possível carregar os orçamentos."
          emptyText="Nenhum orçamento ainda. Crie o primeiro com “Novo orçamento”."
        >
          <ScrollTable label="Orçamentos" minWidth={640}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Título</Table.Th>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Validade</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((q) => (
                  <Table.Tr key={q.id} style={{ cursor: "pointer" }} onClick={() => setOpenId(q.id)}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(q.id)}>
                        {q.title}
                      </Button>
                    </Table.Td>
                    <Table.Td>{q.client.name}</Table.Td>
                    <Table.Td>{formatDateBr(q.validUntil)}</Table.Td>
                    <Table.Td>
                      <QuoteStatusBadge status={q.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(q.amountDueCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </ListState>
      </Card>
      {quotes.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => quotes.fetchNextPage()} loading={quotes.isFetchingNextPage}>
            Carregar mais
          </Button>
        </Group>
      )}
      {creating && <QuoteFormModal opened onClose={() => setCreating(false)} />}
      <PriceItemsDrawer opened={priceListOpen} onClose={() => setPriceListOpen(false)} />
      <QuoteDrawer
        quoteId={openId}
        onClose={() => setOpenId(null)}
        onInvoice={(id) => navigate(`/app/financeiro/faturas?fatura=${id}`)}
      />
    </SectionAccess>
  );
}
