import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { recordPath } from "#domain/records.ts";
import { NOTIFICATION_MESSAGES } from "#domain/notification-messages.ts";
import { useMe } from "#web/lib/session.ts";
import { NoAgencyNotice } from "#web/shell/no-agency-notice.tsx";
import { NotificationLine } from "./notification-line.tsx";
import { useMarkAllRead, useMarkRead, useNotificationPages, useUnreadCount } from "./use-notifications.ts";

/** /app/notificacoes: the user's whole inbox, all or unread only (an inbox belongs to an agency). */
export default function NotificationsPage() {
  const user = useMe().data?.user;
  if (user && !user.agencyId) return <NoAgencyNotice subject="As notificações" isSuperAdmin={user.isSuperAdmin} />;
  return <Inbox />;
}

function Inbox() {
  const [filter, setFilter] = useState<"all" | "unread">("all");
  const pages = useNotificationPages(filter === "unread");
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Notificações</Title>
        <Group gap="xs">
          <Button
            component={Link}
            to="/app/notificacoes/preferencias"
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            Preferências de e-mail
          </Button>
          <Button variant="light" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            Marcar todas como lidas
          </Button>
        </Group>
      </Group>
      <SegmentedControl
        value={filter}
        onChange={(value) => setFilter(value as "all" | "unread")}
        data={[
          { value: "all", label: "Todas" },
          { value: "unread", label: `Não lidas (${unread})` },
        ]}
        aria-label="Filtrar notificações"
        w="fit-content"
      />
      {pages.isPending && <Loader role="status" aria-label="Carregando notificações" />}
      {pages.isError && <Alert color="red">{NOTIFICATION_MESSAGES.loadFailed}</Alert>}
      {pages.isSuccess && items.length === 0 && (
        <Text c="dimmed">{filter === "unread" ? NOTIFICATION_MESSAGES.emptyUnread : NOTIFICATION_MESSAGES.empty}</Text>
      )}
      {items.map((item) => {
        const path = recordPath(item.recordType, item.recordId);
        const unreadItem = item.readAt === null;
        return (
          <Card key={item.id} withBorder padding="sm" bg={unreadItem ? "var(--mantine-color-blue-0)" : undefined}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <NotificationLine item={item} />
              <Group gap="xs" wrap="nowrap">
                {path && (
                  <Button
                    component={Link}
                    to={path}
                    size="xs"
                    variant="subtle"
                    onClick={() => unreadItem && markRead.mutate(item.id)}
                  >
                    Abrir
                  </Button>
                )}
                {unreadItem && (
                  <Button size="xs" variant="default" onClick={() => markRead.mutate(item.id)}>
                    Marcar como lida
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        );
      })}
      {pages.hasNextPage && (
        <Button
          variant="default"
          onClick={() => pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
          w="fit-content"
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}
