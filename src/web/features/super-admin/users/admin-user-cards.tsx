import { Card, Group, Stack, Text } from "@mantine/core";
import { ROLE_LABELS } from "#domain/roles.ts";
import type { AdminUserRow } from "#domain/schemas/admin-users.ts";
import { UnverifiedEmailBadge } from "../../email-verification/unverified-badge.tsx";
import { DeleteUserButton, fullName, LockBadge, lastAccessText, twoFactorText } from "./admin-user-parts.tsx";

type Props = { users: AdminUserRow[]; onDelete: (user: AdminUserRow) => void };

/** A phone: one card per user, every field and the delete action on screen without scrolling sideways. */
export function AdminUserCards({ users, onDelete }: Props) {
  return (
    <Stack gap="sm" data-testid="admin-users" aria-label="Usuários" role="list">
      {users.map((user) => (
        <Card key={user.id} withBorder radius="md" padding="sm" role="listitem" data-testid="admin-user-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {fullName(user)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {user.email}
              </Text>
            </div>
            <LockBadge user={user} />
          </Group>
          <Text size="sm" mt={6}>
            {user.agencyName ?? "Sem agência"} · {ROLE_LABELS[user.role]}
          </Text>
          <Text size="xs" c="dimmed">
            Último acesso: {lastAccessText(user)} · 2FA: {twoFactorText(user)}
          </Text>
          <Group justify="space-between" align="center" mt={6} gap="xs">
            <div>
              <UnverifiedEmailBadge isVerified={user.isEmailVerified} />
            </div>
            <DeleteUserButton user={user} onDelete={onDelete} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
