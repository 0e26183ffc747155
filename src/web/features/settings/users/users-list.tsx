import { Alert, Avatar, Badge, Button, Card, Center, Divider, Group, Loader, Select, Stack, Text } from "@mantine/core";
import { Fragment } from "react";
import { AGENCY_USER_MESSAGES, type AgencyUser } from "#domain/schemas/agency-users.ts";
import { canGrantRole, type Role } from "#domain/roles.ts";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { useMe } from "#web/lib/session.ts";
import { UnverifiedEmailBadge } from "../../email-verification/unverified-badge.tsx";
import { RoleBadge } from "./role-badge.tsx";
import { roleOptions } from "./role-options.ts";
import { useAgencyUsers, useChangeUserRole, useUnlockMember } from "./use-agency-users.ts";

const displayName = (user: AgencyUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;

function RoleSelect({ user, callerId, callerRole }: { user: AgencyUser; callerId: string; callerRole: Role }) {
  const change = useChangeUserRole();
  const isSelf = user.id === callerId;
  const isAbove = !canGrantRole(callerRole, user.role);
  return (
    <Select
      aria-label={`Função de ${displayName(user)}`}
      data={roleOptions(callerRole)}
      value={change.isPending ? (change.variables?.role ?? user.role) : user.role}
      onChange={(role) => role && role !== user.role && change.mutate({ userId: user.id, role: role as Role })}
      allowDeselect={false}
      disabled={isSelf || isAbove || change.isPending}
      title={isSelf ? AGENCY_USER_MESSAGES.ownRole : undefined}
      rightSection={change.isPending ? <Loader size={14} /> : undefined}
      w={{ base: "100%", xs: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A member locked out of sign-in (5 wrong passwords): the badge says until when; with users:edit, unlock. */
function LockedMember({ user, canUnlock }: { user: AgencyUser & { lockedUntil: string }; canUnlock: boolean }) {
  const unlock = useUnlockMember();
  return (
    <>
      <Badge color="red" variant="light" size="sm" title={`Até ${formatDateTime(user.lockedUntil)}`}>
        {AGENCY_USER_MESSAGES.locked}
      </Badge>
      {canUnlock && (
        <Button
          variant="light"
          color="red"
          size="xs"
          loading={unlock.isPending}
          onClick={() => unlock.mutate(user.id)}
          aria-label={`${AGENCY_USER_MESSAGES.unlock} ${displayName(user)}`}
        >
          {AGENCY_USER_MESSAGES.unlock}
        </Button>
      )}
    </>
  );
}

function UserRow({ user, canEdit }: { user: AgencyUser; canEdit: boolean }) {
  const me = useMe().data?.user;
  const name = displayName(user);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py="sm" data-testid="user-row">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 240px" }}>
        <Avatar color="blue" radius="xl" aria-hidden>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate title={user.email}>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            Desde {formatDate(user.createdAt)}
          </Text>
        </div>
      </Group>
      <Group gap="sm" wrap="wrap" justify="flex-end" style={{ flex: "1 1 auto" }}>
        <UnverifiedEmailBadge isVerified={user.isEmailVerified} />
        {user.lockedUntil && (
          <LockedMember
            user={{ ...user, lockedUntil: user.lockedUntil }}
            canUnlock={canEdit && !!me && canGrantRole(me.role, user.role)}
          />
        )}
        <RoleBadge role={user.role} />
        {canEdit && me && <RoleSelect user={user} callerId={me.id} callerRole={me.role} />}
      </Group>
    </Group>
  );
}

/** The agency's members with role badge and, with users:edit, the role selector (spec §2.8). */
export function UsersList({ canEdit }: { canEdit: boolean }) {
  const users = useAgencyUsers(true);
  if (users.isPending) {
    return (
      <Center p="xl" role="status" aria-label="Carregando usuários">
        <Loader size="sm" />
      </Center>
    );
  }
  if (users.isError) {
    return (
      <Alert color="red" title={AGENCY_USER_MESSAGES.loadFailed}>
        {users.error.message}
      </Alert>
    );
  }
  const rows = users.data.pages.flatMap((page) => page.users);
  return (
    <Card withBorder padding="md">
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {AGENCY_USER_MESSAGES.emptyUsers}
        </Text>
      ) : (
        <Stack gap={0}>
          {rows.map((user, index) => (
            <Fragment key={user.id}>
              {index > 0 && <Divider />}
              <UserRow user={user} canEdit={canEdit} />
            </Fragment>
          ))}
        </Stack>
      )}
      {users.hasNextPage && (
        <Center mt="sm">
          <Button variant="subtle" onClick={() => users.fetchNextPage()} loading={users.isFetchingNextPage}>
            Carregar mais
          </Button>
        </Center>
      )}
    </Card>
  );
}
