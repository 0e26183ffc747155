import { Alert, Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { expenseUpdateSchema } from "#domain/schemas/finance-corrections.ts";
import { type ExpenseDraft, ExpenseFields } from "./expense-fields.tsx";
import { type ExpenseView, useUpdateExpense } from "./use-finance.ts";

type Props = { expense: ExpenseView; onClose: () => void };

/** "Editar despesa": corrects what was typed; the recurrence is changed only by "Encerrar". */
export function ExpenseEditModal({ expense, onClose }: Props) {
  const update = useUpdateExpense();
  const [draft, setDraft] = useState<ExpenseDraft>({
    supplier: expense.supplier,
    category: expense.category ?? "",
    spentOn: expense.spentOn,
    amountCents: expense.amountCents,
  });
  const [description, setDescription] = useState(expense.description ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = expenseUpdateSchema.safeParse({ ...draft, amountCents: draft.amountCents ?? 0, description });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    update.mutate({ id: expense.id, ...parsed.data }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title="Editar despesa">
      <Stack>
        <ExpenseFields value={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
        <Textarea
          label="Descrição"
          autosize
          minRows={2}
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
