import { Alert, Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";

/** A secret shown once, right after it was made, with a copy button and the warning that it will not be shown again. */
export function SecretReveal({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Copie agora">
        {label} não será mostrado novamente. Guarde-o em um lugar seguro.
      </Alert>
      <Code block data-testid="secret-value" style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? "Copiado" : "Copiar"}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Concluído</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Se perder, crie outro e exclua ou revogue este.
      </Text>
    </Stack>
  );
}
