import {
  Alert,
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
import { formatCents } from "#domain/money.ts";
import { PAYMENT_METHOD_LABELS } from "#domain/schemas/finance.ts";
import { formatDateBr } from "./dates.ts";
import { InvoiceStatusBadge, invoiceNumber } from "./finance-badges.tsx";
import { PaymentForm } from "./payment-form.tsx";
import { PixQr } from "./pix-qr.tsx";
import { useCancelInvoice, useInvoice } from "./use-finance.ts";

export function InvoiceDrawer({ invoiceId, onClose }: { invoiceId: string | null; onClose: () => void }) {
  const invoice = useInvoice(invoiceId);
  const cancel = useCancelInvoice();
  const [reason, setReason] = useState("");
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
          {inv.cancelReason && <Alert color="gray">Cancelada: {inv.cancelReason}</Alert>}
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
            <Button component="a" variant="default" href={`/api/finance/invoices/${inv.id}/pdf`} download>
              Baixar PDF
            </Button>
          </Group>
          {open && (
            <>
              <Divider label="Registrar pagamento" labelPosition="left" />
              <PaymentForm key={inv.balanceCents} invoiceId={inv.id} balanceCents={inv.balanceCents} />
            </>
          )}
          {inv.payments.length > 0 && (
            <>
              <Divider label="Pagamentos" labelPosition="left" />
              {inv.payments.map((p) => (
                <Text key={p.id} size="sm">
                  {formatDateBr(p.paidOn)} · {PAYMENT_METHOD_LABELS[p.method]} · {formatCents(p.amountCents)}
                </Text>
              ))}
            </>
          )}
          {inv.status !== "cancelada" && inv.paidCents === 0 && (
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
                  onClick={() => cancel.mutate({ id: inv.id, reason })}
                >
                  Cancelar fatura
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
