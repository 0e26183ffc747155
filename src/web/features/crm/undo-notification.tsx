import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";

export const CONTACT_RESTORED = "Contato restaurado.";
export const COMPANY_RESTORED = "Empresa restaurada.";

/**
 * "<deleted message>" with a Desfazer button: the button restores (the caller's API call), then
 * says `restoredMessage`. The notification stays 10 s, long enough to reach the button.
 */
export function notifyUndoable({
  message,
  restoredMessage,
  restore,
}: {
  message: string;
  restoredMessage: string;
  restore: () => Promise<unknown>;
}) {
  const id = notifications.show({
    color: "green",
    autoClose: 10_000,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" flex={1}>
          {message}
        </Text>
        <Button
          size="xs"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => {
            notifications.hide(id);
            restore().then(
              () => notifications.show({ color: "green", message: restoredMessage }),
              (e: Error) => notifications.show({ color: "red", message: e.message }),
            );
          }}
        >
          Desfazer
        </Button>
      </Group>
    ),
  });
}
