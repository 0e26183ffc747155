import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A figure under its dimmed label: the columns of a table, on a phone's card. */
export function LabelledFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
    </Stack>
  );
}
