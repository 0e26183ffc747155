import { Badge, Button } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { AdminUserRow } from "#domain/schemas/admin-users.ts";
import { formatDateTime } from "#web/lib/format.ts";

/** The pieces of one user that the table (desktop) and the cards (phone) both show. */
export const fullName = (user: AdminUserRow) => `${user.firstName} ${user.lastName}`.trim() || "—";

export const lastAccessText = (user: AdminUserRow) => (user.lastAccessAt ? formatDateTime(user.lastAccessAt) : "Nunca");

export const twoFactorText = (user: AdminUserRow) => (user.twoFactorEnabled ? "Ativo" : "Inativo");

export function LockBadge({ user }: { user: AdminUserRow }) {
  return (
    <Badge variant="light" color={user.isLocked ? "red" : "green"}>
      {user.isLocked ? "Bloqueado" : "Ativo"}
    </Badge>
  );
}

export function DeleteUserButton({ user, onDelete }: { user: AdminUserRow; onDelete: (user: AdminUserRow) => void }) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      onClick={() => onDelete(user)}
      aria-label={`Deletar usuário ${user.email}`}
      style={{ flexShrink: 0 }}
    >
      Deletar usuário
    </Button>
  );
}
