import { Alert, Button, Card, Group, Select, Table, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useState } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import { expenseBodySchema } from "#domain/schemas/finance.ts";
import { formatDateBr, todayIso } from "./dates.ts";
import { ExpenseDeleteModal } from "./expense-delete-modal.tsx";
import { ExpenseEditModal } from "./expense-edit-modal.tsx";
import { type ExpenseDraft, ExpenseFields } from "./expense-fields.tsx";
import { ExpenseReceiptDrawer } from "./expense-receipt-drawer.tsx";
import { type ExpenseView, useCreateExpense, useEndExpenseRecurrence, useExpenses } from "./use-finance.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { ListState } from "./list-state.tsx";
import { ScrollTable } from "#web/lib/scroll-table.tsx";

/** What the receipt button says: its files (to see) or none yet (to attach). */
const receiptLabel = (e: ExpenseView) => (e.receiptCount > 0 ? `Ver (${e.receiptCount})` : "Anexar");

const RECURRENCE_LABELS: Record<string, string> = { nenhuma: "Única", mensal: "Mensal", anual: "Anual" };

export function ExpensesPanel() {
  const expenses = useExpenses();
  const canEdit = usePermission("financeiro_pagamentos", "edit").isAllowed;
  // Whoever may enter an expense may correct or delete it (the server's rule).
  const canCorrect = usePermission("financeiro_pagamentos", "create").isAllowed;
  const create = useCreateExpense();
  const [draft, setDraft] = useState<ExpenseDraft>({
    supplier: "",
    category: "",
    spentOn: todayIso(),
    amountCents: null,
  });
  const [recurrence, setRecurrence] = useState("nenhuma");
  const [error, setError] = useState<string | null>(null);
  const [receiptOf, setReceiptOf] = useState<ExpenseView | null>(null);
  const [editing, setEditing] = useState<ExpenseView | null>(null);
  const [deleting, setDeleting] = useState<ExpenseView | null>(null);
  const submit = () => {
    const parsed = expenseBodySchema.safeParse({ ...draft, amountCents: draft.amountCents ?? 0, recurrence });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => setDraft((d) => ({ ...d, supplier: "", amountCents: null })),
    });
  };
  const rows = expenses.data?.expenses ?? [];
  return (
    <>
      <Card withBorder mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ExpenseFields value={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} isInline />
          <Select
            label="Recorrência"
            data={Object.entries(RECURRENCE_LABELS).map(([value, label]) => ({ value, label }))}
            value={recurrence}
            onChange={(r) => r && setRecurrence(r)}
            allowDeselect={false}
            w={130}
          />
          <Button onClick={submit} loading={create.isPending}>
            Registrar despesa
          </Button>
        </Group>
        {error && (
          <Alert color="red" mt="sm" role="alert">
            {error}
          </Alert>
        )}
      </Card>
      <Card withBorder padding={0}>
        <ListState
          query={expenses}
          isEmpty={rows.length === 0}
          loadingLabel="Carregando despesas"
          errorText="Não foi possível carregar as despesas."
          emptyText="Nenhuma despesa registrada."
        >
          <ScrollTable label="Despesas" minWidth={canCorrect ? 840 : 700}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Fornecedor</Table.Th>
                  <Table.Th>Categoria</Table.Th>
                  <Table.Th>Recorrência</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th>Comprovante</Table.Th>
                  {canCorrect && <Table.Th>Ações</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatDateBr(e.spentOn)}</Table.Td>
                    <Table.Td>{e.supplier}</Table.Td>
                    <Table.Td>{e.category ?? "—"}</Table.Td>
                    <Table.Td>
                      <RecurrenceCell expense={e} canEnd={canEdit} />
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(e.amountCents)}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconPaperclip size={14} />}
                        onClick={() => setReceiptOf(e)}
                        aria-label={`${receiptLabel(e)} comprovante de ${e.supplier}, ${formatDateBr(e.spentOn)}`}
                      >
                        {receiptLabel(e)}
                      </Button>
                    </Table.Td>
                    {canCorrect && (
                      <Table.Td>
                        <ExpenseActions expense={e} onEdit={() => setEditing(e)} onDelete={() => setDeleting(e)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </ListState>
      </Card>
      <ExpenseReceiptDrawer expense={receiptOf} onClose={() => setReceiptOf(null)} />
      {editing && <ExpenseEditModal key={editing.id} expense={editing} onClose={() => setEditing(null)} />}
      <ExpenseDeleteModal expense={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

type ActionsProps = { expense: ExpenseView; onEdit: () => void; onDelete: () => void };

/** Editar and Excluir of one row, named with the expense for a screen reader. */
function ExpenseActions({ expense, onEdit, onDelete }: ActionsProps) {
  const which = `${expense.supplier}, ${formatDateBr(expense.spentOn)}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Button variant="subtle" size="compact-sm" onClick={onEdit} aria-label={`Editar despesa de ${which}`}>
        Editar
      </Button>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        onClick={onDelete}
        aria-label={`Excluir despesa de ${which}`}
      >
        Excluir
      </Button>
    </Group>
  );
}

/** A recurring expense can be ended here; a repetition says where it came from. */
function RecurrenceCell({ expense, canEnd }: { expense: ExpenseView; canEnd: boolean }) {
  const end = useEndExpenseRecurrence();
  if (expense.isRepetition) return <Text size="sm">Repetição automática</Text>;
  if (expense.recurrence === "nenhuma" || !canEnd)
    return <>{RECURRENCE_LABELS[expense.recurrence] ?? expense.recurrence}</>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm">{RECURRENCE_LABELS[expense.recurrence] ?? expense.recurrence}</Text>
      <Button
        variant="subtle"
        color="red"
        size="compact-xs"
        loading={end.isPending}
        onClick={() => end.mutate(expense.id)}
        aria-label={`Encerrar recorrência de ${expense.supplier}`}
      >
        Encerrar
      </Button>
    </Group>
  );
}
