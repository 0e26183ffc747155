import { Button, Card, Group, Select, Table, Tabs, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "#domain/schemas/finance.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { formatDateBr, monthStart, todayIso } from "./dates.ts";
import { invoiceNumber } from "./finance-badges.tsx";
import { ExpensesPanel } from "./expenses-panel.tsx";
import { paymentsCsvUrl, useClients, usePayments } from "./use-finance.ts";
import { ListState } from "./list-state.tsx";
import { ScrollTable } from "#web/lib/scroll-table.tsx";

export default function PaymentsPage() {
  const screen = useCurrentScreen();
  return (
    <SectionAccess screen={screen}>
      <SectionHeader title="Pagamentos" description="Recebimentos e contas a pagar" />
      <Tabs defaultValue="recebimentos" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="recebimentos">Recebimentos</Tabs.Tab>
          <Tabs.Tab value="despesas">Despesas</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="recebimentos">
          <ReceivedPanel />
        </Tabs.Panel>
        <Tabs.Panel value="despesas">
          <ExpensesPanel />
        </Tabs.Panel>
      </Tabs>
    </SectionAccess>
  );
}

function ReceivedPanel() {
  const [from, setFrom] = useState(monthStart());
  const [to, setTo] = useState(todayIso());
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const clients = useClients();
  const filter = {
    from: from || undefined,
    to: to || undefined,
    method: method ?? undefined,
    companyId: companyId ?? undefined,
  };
  const payments = usePayments(filter);
  const rows = payments.data?.pages.flatMap((p) => p.payments) ?? [];
  return (
    <>
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label="De" value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={160} />
        <TextInput type="date" label="Até" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
        <Select
          label="Forma"
          placeholder="Todas"
          clearable
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          value={method}
          onChange={(m) => setMethod(m as PaymentMethod | null)}
          w={170}
        />
        <Select
          label="Cliente"
          placeholder="Todos"
          clearable
          searchable
          data={(clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={companyId}
          onChange={setCompanyId}
          w={220}
        />
        <Button component="a" href={paymentsCsvUrl(filter)} variant="default" leftSection={<IconDownload size={16} />}>
          Exportar CSV
        </Button>
      </Group>
      <Card withBorder padding={0}>
        <ListState
          query={payments}
          isEmpty={rows.length === 0}
          loadingLabel="Carregando pagamentos"
          errorText="Não foi possível carregar os pagamentos."
          emptyText="Nenhum pagamento no período."
        >
          <ScrollTable label="Pagamentos" minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Fatura</Table.Th>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Forma</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDateBr(p.paidOn)}</Table.Td>
                    <Table.Td>{invoiceNumber(p.invoiceNumber)}</Table.Td>
                    <Table.Td>{p.client.name}</Table.Td>
                    <Table.Td>{PAYMENT_METHOD_LABELS[p.method]}</Table.Td>
                    <Table.Td ta="right">{formatCents(p.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </ListState>
      </Card>
      {payments.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => payments.fetchNextPage()} loading={payments.isFetchingNextPage}>
            Carregar mais
          </Button>
        </Group>
      )}
    </>
  );
}
