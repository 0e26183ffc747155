import type { NumberInputProps } from "@mantine/core";
import { parseReaisToCents } from "#domain/money.ts";
import { currencySign } from "#web/lib/agency-money.ts";
import { BrNumberInput } from "#web/lib/br-number-input.tsx";

type Props = Omit<NumberInputProps, "value" | "onChange"> & {
  cents: number | null;
  onCents: (cents: number | null) => void;
};

/** An amount typed in pt-BR (1.234,56) in the agency's currency, kept as integer centavos. */
export function MoneyInput({ cents, onCents, ...props }: Props) {
  return (
    <BrNumberInput
      {...props}
      prefix={`${currencySign()} `}
      decimalScale={2}
      fixedDecimalScale
      min={0}
      value={cents === null ? "" : cents / 100}
      onChange={(value) => onCents(value === "" ? null : parseReaisToCents(value))}
    />
  );
}
