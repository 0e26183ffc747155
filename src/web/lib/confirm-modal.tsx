import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";

type Props = {
  title: string;
  opened: boolean;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  isBusy?: boolean;
  isDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A yes/no question before a change that replaces or removes data: the app's own dialog, never
 * the browser's confirm. Focus starts on Cancelar (the safe answer); Esc and the close button
 * cancel too.
 *
 * Asked from inside another modal, that modal is wrapped in `Modal.Stack` with a `stackId`: this
 * one joins the stack, so Esc closes only the question, not both. A stacked question must close
 * before the component that asks it unmounts (the stack forgets a modal only when it closes), so
 * those callers close it when answered and show the progress on the button that asked.
 */
export function ConfirmModal(props: Props) {
  const stackId = useId();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} stackId={stackId}>
      <Stack>
        <Text size="sm" component="div">
          {props.children}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
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
