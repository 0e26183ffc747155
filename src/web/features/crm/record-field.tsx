import { Text } from "@mantine/core";

/** One labelled value of a record's page; "—" when empty. */
export function RecordField({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || "—"}</Text>
    </div>
  );
}
