import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconCopy, IconExternalLink, IconX } from "@tabler/icons-react";
import { Fragment } from "react";
import { INVITE_MESSAGES, type PendingInvite } from "#domain/schemas/invites.ts";
import { RoleBadge } from "#web/features/settings/users/role-badge.tsx";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { copyInviteLink, useCancelInvite, usePendingInvites } from "./use-invites.ts";

function InviteRow({ invite, canCancel }: { invite: PendingInvite; canCancel: boolean }) {
  const cancel = useCancelInvite();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py="sm" data-testid="invite-row">
      <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ wordBreak: "break-all" }}>
            {invite.email}
          </Text>
          <RoleBadge role={invite.role} />
          {invite.isExpired && (
            <Badge color="red" variant="outline">
              Expirado
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Expira em {formatDate(invite.expiresAt)} · Enviado em {formatDateTime(invite.createdAt)}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Copiar link">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Copiar link"
            onClick={() => copyInviteLink(invite.inviteUrl)}
          >
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Abrir link em nova aba">
          <ActionIcon
            component="a"
            href={invite.inviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size="lg"
            aria-label="Abrir link em nova aba"
          >
            <IconExternalLink size={18} />
          </ActionIcon>
        </Tooltip>
        {canCancel && (
          <Tooltip label="Cancelar convite">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label="Cancelar convite"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(invite.id)}
            >
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}

/** Card 'Convites Pendentes' (spec §2.8): not-yet-accepted invites with copy, open and cancel. */
export function PendingInvites({ canCancel }: { canCancel: boolean }) {
  const invites = usePendingInvites();
  const rows = invites.data?.pages.flatMap((page) => page.invites) ?? [];
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="xs">
        Convites Pendentes
      </Title>
      {invites.isPending && (
        <Center p="lg" role="status" aria-label="Carregando convites">
          <Loader size="sm" />
        </Center>
      )}
      {invites.isError && <Alert color="red">{invites.error.message}</Alert>}
      {invites.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {INVITE_MESSAGES.empty}
        </Text>
      )}
      <Stack gap={0}>
        {rows.map((invite, index) => (
          <Fragment key={invite.id}>
            {index > 0 && <Divider />}
            <InviteRow invite={invite} canCancel={canCancel} />
          </Fragment>
        ))}
      </Stack>
      {invites.hasNextPage && (
        <Center mt="sm">
          <Button variant="subtle" onClick={() => invites.fetchNextPage()} loading={invites.isFetchingNextPage}>
            Carregar mais
          </Button>
        </Center>
      )}
    </Card>
  );
}
