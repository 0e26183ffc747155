import {
  Alert,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { formatCents } from "#web/lib/agency-money.ts";
import { type PublicQuoteView, QUOTE_STATUS_LABELS } from "#domain/schemas/finance.ts";
import { api } from "#web/lib/api.ts";
import { formatDateBr } from "./dates.ts";
import { failureMessage } from "./use-finance.ts";
import { ScrollTable } from "#web/lib/scroll-table.tsx";

function usePublicQuote(token: string) {
  return useQuery({
    queryKey: ["public-quote", token],
    queryFn: () => api<PublicQuoteView>(`/api/public/quotes/${token}`),
    retry: false,
  });
}

/** The client's page behind the e-mailed link: the quote, and accept or decline, without an account. */
export default function PublicQuotePage() {
  const { token = "" } = useParams();
  const quote = usePublicQuote(token);
  const [name, setName] = useState("");
  const [reason, setReason] = useState("");
  const decide = useMutation({
    mutationFn: (decision: "aceitar" | "recusar") =>
      api<{ status: string; message: string }>(`/api/public/quotes/${token}/decision`, {
        body: { decision, name, reason: reason || null },
      }),
    onSuccess: () => quote.refetch(),
  });
  if (quote.isLoading) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="Carregando orçamento" />
      </Center>
    );
  }
  if (quote.isError || !quote.data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Orçamento indisponível">
          Link de orçamento inválido ou expirado.
        </Alert>
      </Container>
    );
  }
  const q = quote.data;
  // The visitor has no agency of their own: the quoting agency's currency comes with the quote.
  const money = (cents: number) => formatCents(cents, q?.agency.currency);
  return (
    <Container size="md" py="xl">
      <Card withBorder padding="xl" style={{ borderTop: `6px solid ${q.agency.primaryColor}` }}>
        <Stack gap="sm">
          <Text c="dimmed">{q.agency.name}</Text>
          <Title order={2}>{q.title}</Title>
          <Text>
            Para {q.clientName} · emitido em {formatDateBr(q.issueDate)} · válido até {formatDateBr(q.validUntil)}
          </Text>
          <Text fw={500}>Situação: {QUOTE_STATUS_LABELS[q.status]}</Text>
          <ScrollTable label="Itens do orçamento" minWidth={480}>
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
                    <Table.Td>
                      {item.service}
                      {item.description && (
                        <Text size="xs" c="dimmed">
                          {item.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{item.quantity.toLocaleString("pt-BR")}</Table.Td>
                    <Table.Td ta="right">{money(item.unitPriceCents)}</Table.Td>
                    <Table.Td ta="right">{money(item.totalCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Stack gap={2} align="flex-end">
            <Text size="sm">Subtotal: {money(q.subtotalCents)}</Text>
            {q.discountCents > 0 && <Text size="sm">Desconto: − {money(q.discountCents)}</Text>}
            {q.issRateBp > 0 && (
              <Text size="sm">
                ISS ({(q.issRateBp / 100).toLocaleString("pt-BR")}%): {money(q.issCents)}
                {q.issWithheld ? " (retido)" : " (incluso)"}
              </Text>
            )}
            <Text fw={700} fz="lg">
              Total: {money(q.amountDueCents)}
            </Text>
          </Stack>
          {q.paymentTerms && <Text size="sm">Condições de pagamento: {q.paymentTerms}</Text>}
          {q.notes && <Text size="sm">{q.notes}</Text>}
          {q.status === "enviado" ? (
            <Stack gap="sm" mt="md">
              <TextInput label="Seu nome" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <Textarea
                label="Comentário (opcional, em caso de recusa)"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              {decide.isError && (
                <Alert color="red" role="alert">
                  {failureMessage(decide.error)}
                </Alert>
              )}
              <Group>
                <Button color="green" onClick={() => decide.mutate("aceitar")} loading={decide.isPending}>
                  Aceitar orçamento
                </Button>
                <Button color="red" variant="light" onClick={() => decide.mutate("recusar")} loading={decide.isPending}>
                  Recusar
                </Button>
              </Group>
            </Stack>
          ) : (
            q.decidedAt && (
              <Alert color={q.status === "aceito" ? "green" : "gray"} role="status">
                {q.status === "aceito" ? "Orçamento aceito" : "Orçamento recusado"} por {q.decidedByName}. Obrigado!
              </Alert>
            )
          )}
        </Stack>
      </Card>
    </Container>
  );
}
