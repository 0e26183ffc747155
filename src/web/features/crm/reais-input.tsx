import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";
import { formatReaisInput } from "#domain/crm/brazilian-reais.ts";
import { parseBrazilianReais } from "#domain/money.ts";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";

/** An amount in R$ typed the Brazilian way ("1.000", "13.000,50"); the form reads it with parseBrazilianReais. */
export function ReaisInput(props: TextInputProps) {
  return <TextInput inputMode="decimal" placeholder="0,00" {...props} />;
}

/**
 * A filter's amount in R$: the text stays as typed, the filter changes only when the text is an
 * amount (or empty, which removes it).
 */
export function ReaisFilterInput({
  label,
  cents,
  onCents,
}: {
  label: string;
  cents: string | undefined;
  onCents: (cents: string | undefined) => void;
}) {
  const [text, setText] = useState(cents ? formatReaisInput(Number(cents)) : "");
  const parsed = parseBrazilianReais(text);
  const change = (next: string) => {
    setText(next);
    const nextCents = parseBrazilianReais(next);
    if (!next.trim()) onCents(undefined);
    else if (nextCents !== null) onCents(String(nextCents));
  };
  return (
    <ReaisInput
      label={label}
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      error={text.trim() && parsed === null ? CRM_MESSAGES.invalidValue : undefined}
    />
  );
}
