import { NumberInput, TextInput, type TextInputProps } from "@mantine/core";

type DateFieldProps = Omit<TextInputProps, "value" | "onChange" | "type"> & {
  value: string;
  onChange: (date: string) => void;
};

/** A calendar date (YYYY-MM-DD) typed or picked with the browser's own date control. */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return <TextInput {...props} type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** The ISS rate in percent with two decimals, typed the Brazilian way (2,5). */
export function IssRateField({
  value,
  onChange,
  ...props
}: {
  value: number;
  onChange: (percent: number) => void;
  w?: number;
}) {
  return (
    <NumberInput
      label="ISS (%)"
      min={0}
      max={100}
      decimalScale={2}
      decimalSeparator=","
      value={value}
      onChange={(v) => onChange(Number(v) || 0)}
      {...props}
    />
  );
}
