import type { NumberInputProps } from "@mantine/core";
import { currencySign } from "#web/lib/agency-money.ts";
import { BrNumberInput } from "#web/lib/br-number-input.tsx";
import { useMoneyField } from "./use-money-field.ts";

type Props = Omit<NumberInputProps, "value" | "onChange"> & {
  cents: number | null;
  onCents: (cents: number | null) => void;
};

/**
 * An amount typed in pt-BR (1.234,56) in the agency's currency, kept as integer centavos.
 * No fixedDecimalScale: it pads ",00" while typing, so a typed comma has to jump the caret over
 * the one already there, and react-number-format puts a caret back from a timer of the keystroke
 * before; on a loaded machine that timer ran after the comma, and "1.234,50" became 123.450,00.
 * The two decimals come when the field is left (useMoneyField).
 */
export function MoneyInput({ cents, onCents, onBlur, ...props }: Props) {
  const field = useMoneyField(cents, onCents);
  return (
    <BrNumberInput
      {...props}
      prefix={`${currencySign()} `}
      decimalScale={2}
      min={0}
      value={field.value}
      onChange={field.change}
      onBlur={(event) => {
        field.settle();
        onBlur?.(event);
      }}
    />
  );
}
