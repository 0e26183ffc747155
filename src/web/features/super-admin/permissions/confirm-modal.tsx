import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

type Props = {
  title: string;
  opened: boolean;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  isBusy: boolean;
  isDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no question before a change that replaces or removes data. */
export function ConfirmModal(props: Props) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack>
        <Text size="sm" component="div">
          {props.children}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancelar
          </Button>
          <Button
            color={props.color ?? "blue"}
            loading={props.isBusy}
            disabled={props.isDisabled}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
