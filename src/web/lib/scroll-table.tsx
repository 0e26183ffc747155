import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A table wider than a phone (QA #7 of issue 18: the amount columns were cut off with no hint).
 * It scrolls sideways in its own region with the browser's visible bar, says so on small screens,
 * and takes focus so the keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <>
      <Text size="xs" c="dimmed" hiddenFrom="sm" px="sm" pt="xs">
        Deslize a tabela para o lado para ver todas as colunas.
      </Text>
      <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
        {children}
      </Table.ScrollContainer>
    </>
  );
}
