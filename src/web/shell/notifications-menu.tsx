import { useHeaderIconSize } from "./header-icon-size.ts";
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { recordPath } from "#domain/records.ts";
import { NOTIFICATION_MESSAGES } from "#domain/notification-messages.ts";
import { NotificationLine } from "#web/features/notifications/notification-line.tsx";
import {
  useLatestNotifications,
  useMarkAllRead,
  useMarkRead,
  useUnreadCount,
} from "#web/features/notifications/use-notifications.ts";
import { useLiveNotifications } from "#web/features/notifications/use-live-notifications.ts";
import { countLabel } from "#domain/count-label.ts";

export const NOTIFICATIONS_PATH = "/app/notificacoes";

/** The header bell: the real unread count and the latest notifications of the user. */
export function NotificationsMenu() {
  const iconSize = useHeaderIconSize();
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  useLiveNotifications();
  const unread = useUnreadCount().data ?? 0;
  const latest = useLatestNotifications(opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = latest.data?.notifications ?? [];
  return (
    // The indicator wraps the whole popover: as its target, the <div> would receive aria-expanded,
    // which a generic element may not carry. A dialog, not a menu: it holds a heading, text and
    // buttons, which a menu may not (axe: aria-required-children).
    <Indicator label={unread} size={16} color="red" disabled={unread === 0} offset={4} data-testid="bell-indicator">
      <Popover width={340} position="bottom-end" shadow="md" trapFocus returnFocus opened={opened} onChange={setOpened}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={iconSize}
            aria-label={`Notificações (${countLabel(unread, "não lida", "não lidas")})`}
            onClick={() => setOpened((open) => !open)}
            // Esc closes the panel also before its focus trap has taken the focus from the bell.
            onKeyDown={(event) => event.key === "Escape" && setOpened(false)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-label="Notificações" p={0}>
          <Group justify="space-between" px="sm" py={6}>
            <Text fw={600} size="sm">
              Notificações
            </Text>
            {unread > 0 && <Badge size="sm">{countLabel(unread, "nova", "novas")}</Badge>}
          </Group>
          <Divider />
          {latest.isPending && (
            <Group justify="center" py="sm">
              <Loader size="sm" role="status" aria-label="Carregando notificações" />
            </Group>
          )}
          {latest.isError && (
            <Text size="sm" c="red" px="sm" py="xs">
              {NOTIFICATION_MESSAGES.loadFailed}
            </Text>
          )}
          {latest.isSuccess && items.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {NOTIFICATION_MESSAGES.empty}
            </Text>
          )}
          <Stack gap={0}>
            {items.map((item) => (
              <UnstyledButton
                key={item.id}
                px="sm"
                py={6}
                bg={item.readAt === null ? "var(--mantine-color-blue-0)" : undefined}
                data-unread={item.readAt === null}
                onClick={() => {
                  if (item.readAt === null) markRead.mutate(item.id);
                  const path = recordPath(item.recordType, item.recordId);
                  if (path) {
                    setOpened(false);
                    navigate(path);
                  }
                }}
              >
                <NotificationLine item={item} />
              </UnstyledButton>
            ))}
          </Stack>
          <Divider />
          <Group justify="space-between" px="xs" py={4}>
            <Button
              variant="subtle"
              size="xs"
              disabled={unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Marcar todas como lidas
            </Button>
            <Button
              variant="subtle"
              size="xs"
              color="gray"
              onClick={() => {
                setOpened(false);
                navigate(NOTIFICATIONS_PATH);
              }}
            >
              Ver todas as notificações
            </Button>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
