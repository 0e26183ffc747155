import { Badge, Button, Divider, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { PAYMENT_METHOD_LABELS, type PaymentView } from "#domain/schemas/finance.ts";
import { formatCents } from "#web/lib/agency-money.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { formatDateBr } from "./dates.ts";
import { ReversePaymentModal } from "./reverse-payment-modal.tsx";

type Props = { payments: PaymentView[]; canReverse: boolean };

/** An invoice's payments, newest first: one in force can be reversed; a reversed one stays, saying why. */
export function InvoicePayments({ payments, canReverse }: Props) {
  const [reversing, setReversing] = useState<PaymentView | null>(null);
  if (payments.length === 0) return null;
  return (
    <>
      <Divider label="Pagamentos" labelPosition="left" />
      <Stack gap="xs" data-testid="invoice-payments">
        {payments.map((payment) => (
          <PaymentLine
            key={payment.id}
            payment={payment}
            onReverse={canReverse && !payment.reversal ? () => setReversing(payment) : null}
          />
        ))}
      </Stack>
      <ReversePaymentModal payment={reversing} onClose={() => setReversing(null)} />
    </>
  );
}

function PaymentLine({ payment, onReverse }: { payment: PaymentView; onReverse: (() => void) | null }) {
  const summary = `${formatDateBr(payment.paidOn)} · ${PAYMENT_METHOD_LABELS[payment.method]} · ${formatCents(payment.amountCents)}`;
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" td={payment.reversal ? "line-through" : undefined} c={payment.reversal ? "dimmed" : undefined}>
          {summary}
        </Text>
        {payment.reversal && <Badge color="gray">Estornado</Badge>}
        {onReverse && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onReverse}
            aria-label={`Estornar pagamento de ${summary}`}
          >
            Estornar
          </Button>
        )}
      </Group>
      {payment.reversal && (
        <Text size="xs" c="dimmed">
          Estornado em {formatDateTime(payment.reversal.at)}
          {payment.reversal.byName ? ` por ${payment.reversal.byName}` : ""}: {payment.reversal.reason}
        </Text>
      )}
    </div>
  );
}
