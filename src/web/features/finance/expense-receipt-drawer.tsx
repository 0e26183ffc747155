import { Drawer, Text } from "@mantine/core";
import { formatCents } from "#web/lib/agency-money.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { RecordAttachments } from "../attachments/record-attachments.tsx";
import { formatDateBr } from "./dates.ts";
import { useRefresh, type ExpenseView } from "./use-finance.ts";

/** The receipt of an expense: platform files attached to it (PDF or photo), added and removed here. */
export function ExpenseReceiptDrawer({ expense, onClose }: { expense: ExpenseView | null; onClose: () => void }) {
  const canEdit = usePermission("financeiro_pagamentos", "edit").isAllowed;
  const refresh = useRefresh();
  const close = () => {
    void refresh(); // the list's count of receipts
    onClose();
  };
  return (
    <Drawer
      opened={Boolean(expense)}
      onClose={close}
      position="right"
      title={expense ? `Comprovante — ${expense.supplier}` : "Comprovante"}
    >
      {expense && (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {formatDateBr(expense.spentOn)} · {formatCents(expense.amountCents)}
            {expense.category ? ` · ${expense.category}` : ""}
          </Text>
          <RecordAttachments recordType="expense" recordId={expense.id} canEdit={canEdit} />
        </>
      )}
    </Drawer>
  );
}
