import { useState } from "react";
import { centsOfField, fieldAtRest, type MoneyFieldValue } from "./money-field-value.ts";

/**
 * A money field's own value, as typed, beside the centavos its form keeps. The field shows what
 * was typed ("1.234," stays "1.234,"), not the centavos formatted back, and gets its two decimals
 * when left (`settle`). A change of the centavos from outside (a price list item, a reset)
 * replaces what the field holds.
 */
export function useMoneyField(cents: number | null, onCents: (cents: number | null) => void) {
  const [value, setValue] = useState<MoneyFieldValue>(() => fieldAtRest(cents));
  const [centsSeen, setCentsSeen] = useState(cents);
  if (cents !== centsSeen) {
    setCentsSeen(cents);
    if (cents !== centsOfField(value)) setValue(fieldAtRest(cents));
  }
  const change = (next: MoneyFieldValue) => {
    setValue(next);
    onCents(centsOfField(next));
  };
  // After the change NumberInput makes on blur (its clamp to min), hence the updater.
  const settle = () => setValue((current) => fieldAtRest(centsOfField(current)));
  return { value, change, settle };
}
