import { Button, Group, Select, TextInput } from "@mantine/core";
import { useState } from "react";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentBodySchema,
  paymentDateIssue,
} from "#domain/schemas/finance.ts";
import { agencyTodayIso } from "./dates.ts";
import { MoneyInput } from "./money-input.tsx";
import { useRecordPayment } from "./use-finance.ts";

/** Registrar pagamento: date, amount (the open balance by default), method. */
export function PaymentForm({ invoiceId, balanceCents }: { invoiceId: string; balanceCents: number }) {
  const today = agencyTodayIso();
  const [paidOn, setPaidOn] = useState(today);
  const [amountCents, setAmountCents] = useState<number | null>(balanceCents);
  const [method, setMethod] = useState<PaymentMethod>("pix");
  // Shown under the field it is about: the date, or else the amount.
  const [error, setError] = useState<{ onDate: boolean; message: string } | null>(null);
  const record = useRecordPayment();
  const submit = () => {
    const parsed = paymentBodySchema.safeParse({ invoiceId, paidOn, amountCents: amountCents ?? 0, method });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError({ onDate: issue?.path[0] === "paidOn", message: issue?.message ?? "Dados inválidos." });
    }
    const dateIssue = paymentDateIssue(parsed.data.paidOn, today);
    if (dateIssue) return setError({ onDate: true, message: dateIssue });
    setError(null);
    record.mutate(parsed.data);
  };
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        type="date"
        label="Data do pagamento"
        value={paidOn}
        max={today}
        error={error?.onDate ? error.message : undefined}
        onChange={(e) => setPaidOn(e.currentTarget.value)}
        w={160}
      />
      <MoneyInput
        label="Valor"
        cents={amountCents}
        onCents={setAmountCents}
        w={150}
        error={error && !error.onDate ? error.message : undefined}
      />
      <Select
        label="Forma de pagamento"
        data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        value={method}
        onChange={(m) => m && setMethod(m as PaymentMethod)}
        allowDeselect={false}
        w={170}
      />
      <Button onClick={submit} loading={record.isPending}>
        Registrar pagamento
      </Button>
    </Group>
  );
}
