import { Table, Text, VisuallyHidden } from "@mantine/core";
import { ROLE_LABELS } from "#domain/roles.ts";
import type { AdminUserRow } from "#domain/schemas/admin-users.ts";
import { UnverifiedEmailBadge } from "../../email-verification/unverified-badge.tsx";
import { DeleteUserButton, fullName, LockBadge, lastAccessText, twoFactorText } from "./admin-user-parts.tsx";

type Props = { users: AdminUserRow[]; onDelete: (user: AdminUserRow) => void };

/**
 * Wider screens: one row per user. Name and e-mail share a column so the table, action included,
 * fits the panel beside the sidebar at 1280 px; a narrower window scrolls it sideways.
 */
export function AdminUsersTable({ users, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm" data-testid="admin-users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Agência</Table.Th>
            <Table.Th>Função</Table.Th>
            <Table.Th>Último acesso</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>2FA</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="admin-user-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {fullName(user)}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {user.email}
                </Text>
                <UnverifiedEmailBadge isVerified={user.isEmailVerified} />
              </Table.Td>
              <Table.Td>{user.agencyName ?? "Sem agência"}</Table.Td>
              <Table.Td>{ROLE_LABELS[user.role]}</Table.Td>
              <Table.Td>{lastAccessText(user)}</Table.Td>
              <Table.Td>
                <LockBadge user={user} />
              </Table.Td>
              <Table.Td>{twoFactorText(user)}</Table.Td>
              <Table.Td>
                <DeleteUserButton user={user} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
