import { ActionIcon, Popover, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";

/**
 * The bell: no notification exists yet (the notifications module is being built), so it shows no
 * count and says so when opened, instead of sample messages passed off as the agency's.
 */
export function NotificationsMenu() {
  return (
    <Popover width={300} position="bottom-end" shadow="md" trapFocus={false} returnFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notificações">
          <IconBell size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Notificações">
        <Stack align="center" gap={4} py="sm" ta="center">
          <ThemeIcon variant="light" color="gray" radius="xl" aria-hidden>
            <IconBell size={16} />
          </ThemeIcon>
          <Text fw={600} size="sm">
            Nenhuma notificação
          </Text>
          <Text size="xs" c="dimmed">
            Os avisos de tarefas, mensagens e aprovações aparecerão aqui.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
