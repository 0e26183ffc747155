import { NumberInput, type NumberInputProps } from "@mantine/core";
import type { ClipboardEvent } from "react";
import { parseBrNumber } from "#domain/br-number.ts";

/**
 * Only the comma separates decimals. Mantine's default also takes a typed dot as one, so
 * "1.000,00" typed key by key became 1,00.
 */
const BRAZILIAN_FORMAT = { decimalSeparator: ",", thousandSeparator: ".", allowedDecimalSeparators: [","] };

/**
 * A number typed as Brazilians write it ("1.500,50"). Pasted text is read by the rule the server
 * and the importer use (brNumberText), so a pasted "1500.50" is 1.500,50, not 150.050.
 */
export function BrNumberInput({ onChange, onPaste, ...props }: NumberInputProps) {
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    const value = parseBrNumber(event.clipboardData.getData("text").replace(/R\$/g, ""));
    if (value === null || !onChange) return;
    event.preventDefault();
    onChange(value);
  };
  return <NumberInput {...BRAZILIAN_FORMAT} {...props} onChange={onChange} onPaste={paste} />;
}
