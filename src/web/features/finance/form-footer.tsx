import { Alert, Button, Group } from "@mantine/core";

type Props = {
  error: string | null;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  isBusy: boolean;
  isDisabled?: boolean;
  /** A second way to save (e.g. "Salvar rascunho"), shown between Cancelar and the main button. */
  secondary?: { label: string; onClick: () => void };
};

/** A form's refusal (announced to screen readers) and its Cancelar / submit buttons. */
export function FormFooter({ error, submitLabel, onSubmit, onCancel, isBusy, isDisabled, secondary }: Props) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        {secondary && (
          <Button variant="light" onClick={secondary.onClick} disabled={isBusy || isDisabled}>
            {secondary.label}
          </Button>
        )}
        <Button onClick={onSubmit} loading={isBusy} disabled={isDisabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
