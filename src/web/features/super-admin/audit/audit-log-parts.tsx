import { Badge } from "@mantine/core";
import { AUDIT_ACTION_COLORS, AUDIT_ACTION_LABELS, type AuditLogRow, auditLabel } from "#domain/schemas/audit.ts";

/** What the log's table (desktop), cards (phone) and statistics show of one entry. */
export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge color={AUDIT_ACTION_COLORS[action] ?? "violet"} tt="none" style={{ flexShrink: 0, maxWidth: "none" }}>
      {auditLabel(AUDIT_ACTION_LABELS, action)}
    </Badge>
  );
}

export function userLabel(row: AuditLogRow): string {
  return row.userName ?? row.userEmail ?? (row.userId ? row.userId.slice(0, 8) : "Sistema");
}

export const shortId = (row: AuditLogRow) => (row.resourceId ? row.resourceId.slice(0, 8) : "—");
