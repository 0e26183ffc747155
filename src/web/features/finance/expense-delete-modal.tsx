import { formatCents } from "#web/lib/agency-money.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { formatDateBr } from "./dates.ts";
import { type ExpenseView, useDeleteExpense } from "./use-finance.ts";

type Props = { expense: ExpenseView | null; onClose: () => void };

/** "Excluir despesa", asked in the app's own dialog; a recurring one also stops repeating. */
export function ExpenseDeleteModal({ expense, onClose }: Props) {
  const remove = useDeleteExpense();
  const isRecurring = expense !== null && expense.recurrence !== "nenhuma" && !expense.isRepetition;
  return (
    <ConfirmModal
      title="Excluir despesa"
      opened={expense !== null}
      confirmLabel="Excluir"
      color="red"
      isBusy={remove.isPending}
      onClose={onClose}
      onConfirm={() => expense && remove.mutate(expense.id, { onSuccess: onClose })}
    >
      {expense && (
        <>
          A despesa de {expense.supplier} ({formatCents(expense.amountCents)}, {formatDateBr(expense.spentOn)}) sai da
          lista e dos totais.
          {isRecurring && " Ela deixa de se repetir; as repetições já lançadas continuam."}
        </>
      )}
    </ConfirmModal>
  );
}
