import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = { lead: "blue", cliente: "green", ativo: "teal", inativo: "gray" };

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light">
      {status}
    </Badge>
  );
}
