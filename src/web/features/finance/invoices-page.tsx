import { Button, Card, Group, Select, Table, TextInput } from "@mantine/core";
import { IconClockDollar, IconPlus, IconQrcode, IconRepeat } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatCents } from "#web/lib/agency-money.ts";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from "#domain/schemas/finance.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { formatDateBr } from "./dates.ts";
import { InvoiceStatusBadge, invoiceNumber } from "./finance-badges.tsx";
import { InvoiceDrawer } from "./invoice-drawer.tsx";
import { InvoiceFormModal } from "./invoice-form-modal.tsx";
import { PixSettingsModal } from "./pix-settings-modal.tsx";
import { SchedulesDrawer } from "./schedules-drawer.tsx";
import { TimeInvoiceModal } from "./time-invoice-modal.tsx";
import { useClients, useDefaultIssPercent, useInvoices } from "./use-finance.ts";
import { ListState } from "./list-state.tsx";
import { ScrollTable } from "#web/lib/scroll-table.tsx";

export default function InvoicesPage() {
  const screen = useCurrentScreen();
  const [params, setParams] = useSearchParams();
  const openId = params.get("fatura");
  const setOpenId = (id: string | null) => setParams(id ? { fatura: id } : {});
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [creating, setCreating] = useState(false);
  const [pixOpen, setPixOpen] = useState(false);
  const [invoicingTime, setInvoicingTime] = useState(false);
  const [schedulesOpen, setSchedulesOpen] = useState(false);
  const clients = useClients();
  useDefaultIssPercent(); // loaded ahead, for the new invoice form
  const invoices = useInvoices({
    status: status ?? undefined,
    companyId: companyId ?? undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const rows = invoices.data?.pages.flatMap((p) => p.invoices) ?? [];
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Faturas"
        description="Emissão e acompanhamento de faturas"
        actions={
          <>
            <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={() => setPixOpen(true)}>
              Chave Pix
            </Button>
            <Button variant="default" leftSection={<IconRepeat size={16} />} onClick={() => setSchedulesOpen(true)}>
              Recorrências
            </Button>
            <Button
              variant="default"
              leftSection={<IconClockDollar size={16} />}
              onClick={() => setInvoicingTime(true)}
            >
              Faturar horas
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nova fatura
            </Button>
          </>
        }
      />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Situação"
          placeholder="Todas"
          clearable
          data={INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))}
          value={status}
          onChange={(s) => setStatus(s as InvoiceStatus | null)}
          w={180}
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
        <TextInput
          type="date"
          label="Emitidas de"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={160}
        />
        <TextInput type="date" label="até" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
      </Group>
      <Card withBorder padding={0}>
        <ListState
          query={invoices}
          isEmpty={rows.length === 0}
          loadingLabel="Carregando faturas"
          errorText="Não foi possível carregar as faturas."
          emptyText="Nenhuma fatura encontrada."
        >
          <ScrollTable label="Faturas" minWidth={720}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Número</Table.Th>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Emissão</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th ta="right">Saldo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((inv) => (
                  <Table.Tr key={inv.id} style={{ cursor: "pointer" }} onClick={() => setOpenId(inv.id)}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(inv.id)}>
                        {invoiceNumber(inv.number)}
                      </Button>
                    </Table.Td>
                    <Table.Td>{inv.client.name}</Table.Td>
                    <Table.Td>{formatDateBr(inv.issueDate)}</Table.Td>
                    <Table.Td>{formatDateBr(inv.dueDate)}</Table.Td>
                    <Table.Td>
                      <InvoiceStatusBadge status={inv.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(inv.amountDueCents)}</Table.Td>
                    <Table.Td ta="right">{formatCents(inv.balanceCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </ListState>
      </Card>
      {invoices.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => invoices.fetchNextPage()} loading={invoices.isFetchingNextPage}>
            Carregar mais
          </Button>
        </Group>
      )}
      {creating && (
        <InvoiceFormModal
          opened
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setOpenId(id);
          }}
        />
      )}
      <TimeInvoiceModal
        opened={invoicingTime}
        onClose={() => setInvoicingTime(false)}
        onCreated={(id) => {
          setInvoicingTime(false);
          setOpenId(id);
        }}
      />
      <SchedulesDrawer opened={schedulesOpen} onClose={() => setSchedulesOpen(false)} />
      <PixSettingsModal opened={pixOpen} onClose={() => setPixOpen(false)} />
      <InvoiceDrawer invoiceId={openId} onClose={() => setOpenId(null)} onOpenInvoice={setOpenId} />
    </SectionAccess>
  );
}
