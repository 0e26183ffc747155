import { Alert, Anchor, Button, CopyButton, Drawer, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import type { QuoteView } from "#domain/schemas/finance.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { formatDateBr, inDays, todayIso } from "./dates.ts";
import { QuoteStatusBadge } from "./finance-badges.tsx";
import { QuoteFormModal } from "./quote-form-modal.tsx";
import { useInvoiceFromQuote, useQuote, useSendQuote } from "./use-finance.ts";

type Props = { quoteId: string | null; onClose: () => void; onInvoice: (invoiceId: string) => void };

export function QuoteDrawer({ quoteId, onClose, onInvoice }: Props) {
  const quote = useQuote(quoteId);
  const send = useSendQuote();
  const toInvoice = useInvoiceFromQuote();
  const canEdit = usePermission("financeiro_orcamentos", "edit").isAllowed;
  const canInvoice = usePermission("financeiro_faturas", "create").isAllowed;
  const canViewInvoices = usePermission("financeiro_faturas", "view").isAllowed;
  // The version the form starts from: kept while it is open, so a refetch does not wipe what is being typed.
  const [editing, setEditing] = useState<QuoteView | null>(null);
  const q = quote.data;
  return (
    <Drawer opened={Boolean(quoteId)} onClose={onClose} position="right" size="lg" title={q ? q.title : "Orçamento"}>
      {quote.isLoading && <Loader size="sm" role="status" aria-label="Carregando orçamento" />}
      {quote.isError && <Alert color="red">Não foi possível carregar o orçamento.</Alert>}
      {q && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={500}>{q.client.name}</Text>
            <QuoteStatusBadge status={q.status} />
          </Group>
          <Text size="sm" c="dimmed">
            Data {formatDateBr(q.issueDate)} · válido até {formatDateBr(q.validUntil)}
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
              {q.items.map((item) => (
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
            <Text size="sm">Subtotal: {formatCents(q.subtotalCents)}</Text>
            {q.discountCents > 0 && <Text size="sm">Desconto: − {formatCents(q.discountCents)}</Text>}
            {q.issRateBp > 0 && (
              <Text size="sm">
                ISS ({(q.issRateBp / 100).toLocaleString("pt-BR")}%): {formatCents(q.issCents)}
                {q.issWithheld ? " (retido)" : " (incluso)"}
              </Text>
            )}
            <Text fw={700}>Valor a pagar: {formatCents(q.amountDueCents)}</Text>
          </Stack>
          {q.paymentTerms && (
            <Text size="sm">
              <Text span fw={600} size="sm">
                Condições de pagamento:
              </Text>{" "}
              {q.paymentTerms}
            </Text>
          )}
          {q.notes && (
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              <Text span fw={600} size="sm">
                Observações:
              </Text>{" "}
              {q.notes}
            </Text>
          )}
          {q.decidedAt && (
            <Alert color={q.status === "aceito" ? "green" : "red"}>
              {q.status === "aceito" ? "Aceito" : "Recusado"} por {q.decidedByName} em {formatDateTime(q.decidedAt)}
              {q.decidedIp ? ` (IP ${q.decidedIp})` : ""}
              {q.declineReason ? ` — ${q.declineReason}` : ""}
            </Alert>
          )}
          {q.publicUrl && (
            <Group gap="xs">
              <Text size="sm">Link público:</Text>
              <Anchor href={q.publicUrl} target="_blank" size="sm" data-testid="quote-public-link">
                abrir
              </Anchor>
              <CopyButton value={q.publicUrl}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? "Link copiado!" : "Copiar link"}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
          <Group>
            {q.status === "rascunho" && canEdit && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(q)}>
                Editar
              </Button>
            )}
            {(q.status === "rascunho" || q.status === "enviado") && canEdit && (
              <Button onClick={() => send.mutate(q.id)} loading={send.isPending}>
                {q.status === "rascunho" ? "Enviar ao cliente" : "Reenviar"}
              </Button>
            )}
            {q.status === "aceito" && !q.invoiceId && canInvoice && (
              <Button
                onClick={() =>
                  toInvoice.mutate(
                    { id: q.id, issueDate: todayIso(), dueDate: inDays(10) },
                    { onSuccess: (invoice) => onInvoice(invoice.id) },
                  )
                }
                loading={toInvoice.isPending}
              >
                Gerar fatura
              </Button>
            )}
            {q.invoiceId && canViewInvoices && (
              <Button variant="light" onClick={() => onInvoice(q.invoiceId as string)}>
                Ver fatura
              </Button>
            )}
            <Button component="a" variant="default" href={`/api/finance/quotes/${q.id}/pdf`}>
              Baixar PDF
            </Button>
          </Group>
        </Stack>
      )}
      {editing && <QuoteFormModal key={editing.updatedAt} opened onClose={() => setEditing(null)} quote={editing} />}
    </Drawer>
  );
}
