import { TextInput } from "@mantine/core";
import { MoneyInput } from "./money-input.tsx";

/** What a person types about an expense, on the registration line and in "Editar despesa". */
export type ExpenseDraft = { supplier: string; category: string; spentOn: string; amountCents: number | null };

type Props = {
  value: ExpenseDraft;
  onChange: (patch: Partial<ExpenseDraft>) => void;
  /** Side by side on one line (fixed widths), or one under the other. */
  isInline?: boolean;
};

export function ExpenseFields({ value, onChange, isInline = false }: Props) {
  const width = (px: number) => (isInline ? px : undefined);
  return (
    <>
      <TextInput
        label="Fornecedor"
        required
        value={value.supplier}
        onChange={(e) => onChange({ supplier: e.currentTarget.value })}
        w={width(200)}
      />
      <TextInput
        label="Categoria"
        value={value.category}
        onChange={(e) => onChange({ category: e.currentTarget.value })}
        w={width(160)}
      />
      <TextInput
        type="date"
        label="Data"
        value={value.spentOn}
        onChange={(e) => onChange({ spentOn: e.currentTarget.value })}
        w={width(160)}
      />
      <MoneyInput
        label="Valor"
        required
        cents={value.amountCents}
        onCents={(amountCents) => onChange({ amountCents })}
        w={width(150)}
      />
    </>
  );
}
