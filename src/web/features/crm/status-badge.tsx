import { Badge } from "@mantine/core";
import { statusLabel } from "./contact-status.ts";

const COLORS: Record<string, string> = { lead: "blue", cliente: "green", ativo: "teal", inativo: "gray" };

/** The contact's status, never cut: the badge keeps its width in narrow columns. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light" style={{ flexShrink: 0 }}>
      {statusLabel(status)}
    </Badge>
  );
}
