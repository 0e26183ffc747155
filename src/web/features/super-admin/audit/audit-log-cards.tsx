import { Card, Group, Stack, Text } from "@mantine/core";
import { AUDIT_RESOURCE_LABELS, type AuditLogRow, auditLabel } from "#domain/schemas/audit.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { ActionBadge, shortId, userLabel } from "./audit-log-parts.tsx";

/** A phone: one card per entry, with every column of the table, nothing off the screen's edge. */
export function AuditLogCards({ rows }: { rows: AuditLogRow[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Logs de auditoria">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="sm" role="listitem">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <ActionBadge action={row.action} />
            <Text size="xs" c="dimmed" ta="right">
              {formatDateTime(row.createdAt)}
            </Text>
          </Group>
          <Text size="sm" mt={6} style={{ overflowWrap: "anywhere" }}>
            {userLabel(row)}
            {row.userEmail && row.userName && (
              <Text span size="xs" c="dimmed">
                {" "}
                · {row.userEmail}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {auditLabel(AUDIT_RESOURCE_LABELS, row.resourceType)} · ID {shortId(row)} · IP {row.ipAddress ?? "—"}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
