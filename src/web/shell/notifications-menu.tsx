import { ActionIcon, Badge, Button, Group, Indicator, Menu, Stack, Text, ThemeIcon } from "@mantine/core";
import {
  type Icon,
  IconAlertTriangle,
  IconBell,
  IconChecklist,
  IconCircleCheck,
  IconMessage,
} from "@tabler/icons-react";
import { useState } from "react";

type NotificationType = "message" | "task" | "alert" | "approval";
type SampleNotification = { id: string; type: NotificationType; title: string; time: string; unread: boolean };

/** The four static sample notifications of spec §2.4 (two unread). */
const SAMPLE_NOTIFICATIONS: SampleNotification[] = [
  { id: "1", type: "message", title: "Nova mensagem de Padaria Pão Dourado", time: "há 5 minutos", unread: true },
  { id: "2", type: "task", title: "Tarefa 'Roteiro dos vídeos' vence amanhã", time: "há 1 hora", unread: true },
  { id: "3", type: "alert", title: "Orçamento do projeto Rebranding em 80%", time: "há 3 horas", unread: false },
  { id: "4", type: "approval", title: "Cliente aprovou a paleta de cores", time: "ontem", unread: false },
];

const TYPE_ICONS: Record<NotificationType, { icon: Icon; color: string }> = {
  message: { icon: IconMessage, color: "blue" },
  task: { icon: IconChecklist, color: "violet" },
  alert: { icon: IconAlertTriangle, color: "orange" },
  approval: { icon: IconCircleCheck, color: "green" },
};

export function NotificationsMenu() {
  const [items, setItems] = useState(SAMPLE_NOTIFICATIONS);
  const unread = items.filter((item) => item.unread).length;
  return (
    // The indicator wraps the whole menu: as the menu's target, its <div> received aria-expanded and
    // aria-haspopup, which a generic element may not carry. The button is the target now.
    <Indicator label={unread} size={16} color="red" disabled={unread === 0} offset={4}>
      <Menu width={340} position="bottom-end" shadow="md" closeOnItemClick={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Notificações (${unread} não lidas)`}>
            <IconBell size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Group justify="space-between" px="sm" py={6}>
            <Text fw={600} size="sm">
              Notificações
            </Text>
            {unread > 0 && <Badge size="sm">{unread} novas</Badge>}
          </Group>
          <Menu.Divider />
          {items.map((item) => {
            const { icon: TypeIcon, color } = TYPE_ICONS[item.type];
            return (
              <Menu.Item
                key={item.id}
                leftSection={
                  <ThemeIcon variant="light" color={color} radius="xl">
                    <TypeIcon size={16} />
                  </ThemeIcon>
                }
                bg={item.unread ? "var(--mantine-color-blue-0)" : undefined}
                data-unread={item.unread}
              >
                <Stack gap={0}>
                  <Text size="sm" fw={item.unread ? 600 : 400}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.time}
                  </Text>
                </Stack>
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Group justify="space-between" px="xs" py={4}>
            <Button
              variant="subtle"
              size="xs"
              disabled={unread === 0}
              onClick={() => setItems((list) => list.map((item) => ({ ...item, unread: false })))}
            >
              Marcar todas como lidas
            </Button>
            <Button variant="subtle" size="xs" color="gray">
              Ver todas as notificações
            </Button>
          </Group>
        </Menu.Dropdown>
      </Menu>
    </Indicator>
  );
}
