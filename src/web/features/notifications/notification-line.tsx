import { Stack, Text } from "@mantine/core";
import type { NotificationItem } from "#domain/schemas/notifications.ts";
import { formatDateTime } from "#web/lib/format.ts";

/** Title, body and when/who of one notification (bell menu and page). */
export function NotificationLine({ item }: { item: NotificationItem }) {
  const unread = item.readAt === null;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={unread ? 600 : 400}>
        {item.title}
      </Text>
      {item.body && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {item.body}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTime(item.createdAt)}
        {item.actorName ? ` · ${item.actorName}` : ""}
      </Text>
    </Stack>
  );
}
