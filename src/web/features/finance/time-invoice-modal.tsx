import { Alert, Center, Loader, Modal, Select, SimpleGrid, Stack, Table, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import { type BillableTimePreview, invoiceFromTimeSchema, totalsOf } from "#domain/schemas/finance.ts";
import { formatMinutes } from "../projects/project-labels.ts";
import { inDays, todayIso } from "./dates.ts";
import { useBillableProjects, useBillableTimePreview, useInvoiceFromTime } from "./use-finance.ts";
import { DateField, IssRateField } from "./date-field.tsx";
import { FormFooter } from "./form-footer.tsx";

function PreviewLines({ preview, issRateBp }: { preview: BillableTimePreview; issRateBp: number }) {
  const totals = totalsOf({ items: preview.lines, discountCents: 0, issRateBp, issWithheld: false });
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serviço</Table.Th>
            <Table.Th ta="right">Horas</Table.Th>
            <Table.Th ta="right">Valor-hora</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.map((line) => (
            <Table.Tr key={`${line.service}-${line.unitPriceCents}-${line.description}`}>
              <Table.Td>
                <Text size="sm">{line.service}</Text>
                <Text size="xs" c="dimmed">
                  {line.description}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.quantity.toLocaleString("pt-BR", { minimumFractionDigits: 2 })}</Table.Td>
              <Table.Td ta="right">{formatCents(line.unitPriceCents)}</Table.Td>
              <Table.Td ta="right">{formatCents(line.totalCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3} ta="right">
              Subtotal
            </Table.Th>
            <Table.Th ta="right">{formatCents(preview.subtotalCents)}</Table.Th>
          </Table.Tr>
          {issRateBp > 0 && (
            <Table.Tr>
              <Table.Td colSpan={3} ta="right">
                ISS (incluso)
              </Table.Td>
              <Table.Td ta="right">{formatCents(totals.issCents)}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Invoices a project's approved, billable hours: pick the project, see the lines, issue. */
export function TimeInvoiceModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [projectId, setProjectId] = useState<string | null>(null);
  const [issueDate, setIssueDate] = useState(todayIso());
  const [dueDate, setDueDate] = useState(inDays(10));
  const [issPercent, setIssPercent] = useState(0);
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const projects = useBillableProjects(opened);
  const preview = useBillableTimePreview(projectId);
  const create = useInvoiceFromTime();
  const issRateBp = Math.round(issPercent * 100);
  const list = projects.data?.projects ?? [];
  const close = () => {
    setProjectId(null);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!projectId || !preview.data) return setError("Escolha o projeto.");
    const parsed = invoiceFromTimeSchema.safeParse({
      issueDate,
      dueDate,
      issRateBp,
      notes,
      expectedTotalCents: preview.data.subtotalCents,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(
      { projectId, ...parsed.data },
      {
        onSuccess: (invoice) => {
          close();
          onCreated(invoice.id);
        },
      },
    );
  };
  const withoutClient = preview.data && !preview.data.companyId;
  return (
    <Modal opened={opened} onClose={close} title="Faturar horas aprovadas" size="xl">
      {projects.isLoading ? (
        <Center p="xl">
          <Loader size="sm" role="status" aria-label="Carregando projetos com horas a faturar" />
        </Center>
      ) : projects.isError ? (
        <Alert color="red">Não foi possível carregar os projetos com horas a faturar.</Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg">
          Nenhum projeto tem horas aprovadas e faturáveis ainda não faturadas. Aprove as horas da equipe em Horas para
          faturá-las aqui.
        </Text>
      ) : (
        <Stack gap="sm">
          <Select
            label="Projeto"
            placeholder="Escolha o projeto"
            searchable
            data={list.map((p) => ({
              value: p.projectId,
              label: `${p.projectName} — ${p.companyName ?? "sem cliente"} (${formatMinutes(p.minutes)})`,
            }))}
            value={projectId}
            onChange={setProjectId}
          />
          {preview.isLoading && (
            <Center p="md">
              <Loader size="sm" role="status" aria-label="Calculando a fatura" />
            </Center>
          )}
          {withoutClient && <Alert color="yellow">Vincule o projeto a um cliente para faturar as horas.</Alert>}
          {preview.data && !withoutClient && (
            <>
              <Text size="sm">
                Cliente: <strong>{preview.data.companyName}</strong> · {preview.data.entries} lançamento(s),{" "}
                {formatMinutes(preview.data.minutes)}
              </Text>
              <PreviewLines preview={preview.data} issRateBp={issRateBp} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DateField label="Emissão" required value={issueDate} onChange={setIssueDate} />
                <DateField label="Vencimento" required value={dueDate} onChange={setDueDate} />
                <IssRateField value={issPercent} onChange={setIssPercent} />
              </SimpleGrid>
              <Textarea
                label="Observações"
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                autosize
                minRows={2}
              />
            </>
          )}
          <FormFooter
            error={error}
            submitLabel="Emitir fatura"
            onSubmit={submit}
            onCancel={close}
            isBusy={create.isPending}
            isDisabled={!preview.data || Boolean(withoutClient)}
          />
        </Stack>
      )}
    </Modal>
  );
}
