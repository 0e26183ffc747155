import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Divider,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { formatDocument } from "#domain/br-documents.ts";
import { formatCents } from "#web/lib/agency-money.ts";
import type { InvoiceView } from "#domain/schemas/finance.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { formatDateBr } from "./dates.ts";
import { InvoiceStatusBadge, invoiceNumber } from "./finance-badges.tsx";
import { InvoiceFormModal } from "./invoice-form-modal.tsx";
import { InvoicePayments } from "./invoice-payments.tsx";
import { PaymentForm } from "./payment-form.tsx";
import { PixQr } from "./pix-qr.tsx";
import { useCancelInvoice, useInvoice, useIssueInvoice } from "./use-finance.ts";

type Props = { invoiceId: string | null; onClose: () => void; onOpenInvoice: (id: string) => void };

export function InvoiceDrawer({ invoiceId, onClose, onOpenInvoice }: Props) {
  const invoice = useInvoice(invoiceId);
  const issue = useIssueInvoice();
  const [replacing, setReplacing] = useState<InvoiceView | null>(null);
  const canIssue = usePermission("financeiro_faturas", "edit").isAllowed;
  const canCancel = usePermission("financeiro_faturas", "delete").isAllowed;
  const canReplace = usePermission("financeiro_faturas", "create").isAllowed;
  const canPay = usePermission("financeiro_pagamentos", "create").isAllowed;
  const inv = invoice.data;
  const open = inv && inv.status !== "cancelada" && inv.status !== "paga" && inv.status !== "rascunho";
  return (
    <Drawer
      opened={Boolean(invoiceId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={inv ? `Fatura ${invoiceNumber(inv.number)}` : "Fatura"}
    >
      {invoice.isLoading && <Loader size="sm" role="status" aria-label="Carregando fatura" />}
      {invoice.isError && <Alert color="red">Não foi possível carregar a fatura.</Alert>}
      {inv && (
        <Stack gap="sm" data-testid="invoice-detail">
          <Group justify="space-between">
            <div>
              <Text fw={600}>{inv.client.legalName || inv.client.name}</Text>
              {inv.client.document && (
                <Text size="sm" c="dimmed">
                  {formatDocument(inv.client.document)}
                </Text>
              )}
            </div>
            <InvoiceStatusBadge status={inv.status} />
          </Group>
          <Text size="sm" c="dimmed">
            Emissão {formatDateBr(inv.issueDate)} · Vencimento {formatDateBr(inv.dueDate)}
          </Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Serviço</Table.Th>
                <Table.Th ta="right">Qtd.</Table.Th>
                <Table.Th ta="right">Valor unit.</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.service}</Table.Td>
                  <Table.Td ta="right">{item.quantity.toLocaleString("pt-BR")}</Table.Td>
                  <Table.Td ta="right">{formatCents(item.unitPriceCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(item.totalCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={2} align="flex-end">
            <Text size="sm">Subtotal: {formatCents(inv.subtotalCents)}</Text>
            {inv.discountCents > 0 && <Text size="sm">Desconto: − {formatCents(inv.discountCents)}</Text>}
            {inv.issRateBp > 0 && (
              <Text size="sm">
                ISS ({(inv.issRateBp / 100).toLocaleString("pt-BR")}%): {formatCents(inv.issCents)}
                {inv.issWithheld ? " (retido)" : ""}
              </Text>
            )}
            <Text fw={700}>Valor a pagar: {formatCents(inv.amountDueCents)}</Text>
            <Text size="sm" data-testid="invoice-balance">
              Saldo em aberto: {formatCents(inv.balanceCents)}
            </Text>
          </Stack>
          {inv.replaces && (
            <Text size="sm">
              Substitui a fatura{" "}
              <Anchor component="button" size="sm" onClick={() => onOpenInvoice(inv.replaces?.id as string)}>
                {invoiceNumber(inv.replaces.number)}
              </Anchor>
              , cancelada.
            </Text>
          )}
          {inv.cancelReason && (
            <Alert color="gray">
              Cancelada: {inv.cancelReason}
              {inv.replacedBy && (
                <>
                  {" "}
                  · substituída pela{" "}
                  <Anchor component="button" size="sm" onClick={() => onOpenInvoice(inv.replacedBy?.id as string)}>
                    {invoiceNumber(inv.replacedBy.number)}
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          {inv.status === "rascunho" && (
            <Alert color="yellow">
              Rascunho: sem número e sem Pix até ser emitida. Depois de emitida, não muda mais.
            </Alert>
          )}
          {inv.pix && (
            <Group align="flex-start" wrap="nowrap">
              <PixQr code={inv.pix.code} />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={600}>Pix copia e cola</Text>
                <Code block style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}>
                  {inv.pix.code}
                </Code>
                <CopyButton value={inv.pix.code}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? "Código copiado!" : "Copiar código Pix"}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            </Group>
          )}
          {open && !inv.pix && (
            <Alert color="blue">Cadastre a chave Pix da agência (botão “Chave Pix”) para exibir o QR Code.</Alert>
          )}
          <Group>
            {inv.status === "rascunho" && canIssue && (
              <Button onClick={() => issue.mutate(inv.id)} loading={issue.isPending}>
                Emitir fatura
              </Button>
            )}
            {inv.status === "cancelada" && !inv.replacedBy && canReplace && (
              <Button variant="light" onClick={() => setReplacing(inv)}>
                Emitir substituta
              </Button>
            )}
            <Button component="a" variant="default" href={`/api/finance/invoices/${inv.id}/pdf`} download>
              Baixar PDF
            </Button>
          </Group>
          {open && canPay && (
            <>
              <Divider label="Registrar pagamento" labelPosition="left" />
              <PaymentForm key={inv.balanceCents} invoiceId={inv.id} balanceCents={inv.balanceCents} />
            </>
          )}
          <InvoicePayments payments={inv.payments} canReverse={canPay} />
          {inv.status !== "cancelada" && inv.paidCents === 0 && canCancel && (
            <CancelInvoiceForm key={inv.id} invoiceId={inv.id} />
          )}
        </Stack>
      )}
      {replacing && (
        <InvoiceFormModal
          key={replacing.id}
          opened
          replacing={replacing}
          onClose={() => setReplacing(null)}
          onCreated={(id) => {
            setReplacing(null);
            onOpenInvoice(id);
          }}
        />
      )}
    </Drawer>
  );
}

/** Cancelar fatura with its reason; keyed by the invoice, so a reason typed for one never shows on another. */
function CancelInvoiceForm({ invoiceId }: { invoiceId: string }) {
  const cancel = useCancelInvoice();
  const [reason, setReason] = useState("");
  return (
    <>
      <Divider label="Cancelar fatura" labelPosition="left" />
      <Group align="flex-end">
        <TextInput
          label="Motivo do cancelamento"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          color="red"
          variant="light"
          loading={cancel.isPending}
          onClick={() => cancel.mutate({ id: invoiceId, reason })}
        >
          Cancelar fatura
        </Button>
      </Group>
    </>
  );
}
