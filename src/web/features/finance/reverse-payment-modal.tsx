import { Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { paymentReversalSchema } from "#domain/schemas/finance-corrections.ts";
import { PAYMENT_METHOD_LABELS, type PaymentView } from "#domain/schemas/finance.ts";
import { formatCents } from "#web/lib/agency-money.ts";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { formatDateBr } from "./dates.ts";
import { useReversePayment } from "./use-finance.ts";

type Props = { payment: PaymentView | null; onClose: () => void };

/** "Estornar pagamento": what will be undone, the reason it asks for, then the in-app confirmation. */
export function ReversePaymentModal({ payment, onClose }: Props) {
  const reverse = useReversePayment();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!payment) return;
    const parsed = paymentReversalSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    reverse.mutate({ id: payment.id, ...parsed.data }, { onSuccess: close });
  };
  return (
    <ConfirmModal
      title="Estornar pagamento"
      opened={payment !== null}
      confirmLabel="Estornar pagamento"
      color="red"
      isBusy={reverse.isPending}
      onClose={close}
      onConfirm={confirm}
    >
      {payment && (
        <Stack gap="sm">
          <Text size="sm">
            O pagamento de {formatCents(payment.amountCents)} ({PAYMENT_METHOD_LABELS[payment.method]}, em{" "}
            {formatDateBr(payment.paidOn)}) deixa de contar nas receitas e o valor volta ao saldo em aberto da fatura. O
            registro fica no histórico da fatura, com o motivo.
          </Text>
          {/* The reason comes first: typing it cannot confirm, and Cancelar stays one Tab away. */}
          <Textarea
            label="Motivo do estorno"
            data-autofocus
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
        </Stack>
      )}
    </ConfirmModal>
  );
}
