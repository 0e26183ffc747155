import { Table, Text } from "@mantine/core";
import { AUDIT_RESOURCE_LABELS, type AuditLogRow, auditLabel } from "#domain/schemas/audit.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { ActionBadge, shortId, userLabel } from "./audit-log-parts.tsx";

/** Wider screens: the log as a table. */
export function AuditLogTable({ rows }: { rows: AuditLogRow[] }) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Ação</Table.Th>
            <Table.Th>Recurso</Table.Th>
            <Table.Th>ID</Table.Th>
            <Table.Th>IP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm">{userLabel(row)}</Text>
                {row.userEmail && row.userName && (
                  <Text size="xs" c="dimmed">
                    {row.userEmail}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <ActionBadge action={row.action} />
              </Table.Td>
              <Table.Td>{auditLabel(AUDIT_RESOURCE_LABELS, row.resourceType)}</Table.Td>
              <Table.Td title={row.resourceId ?? undefined}>{shortId(row)}</Table.Td>
              <Table.Td>{row.ipAddress ?? "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
