import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { type CreateWebhookBody, createWebhookSchema } from "#domain/schemas/integrations.ts";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "#domain/webhook-events.ts";
import { zodValidate } from "../super-admin/zod-validate.ts";
import { SecretReveal } from "./secret-reveal.tsx";
import { useCreateWebhook } from "./use-webhooks.ts";

/** "Novo webhook": an https URL and the events wanted; the signing secret is shown once. */
export function CreateWebhookModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm<CreateWebhookBody>({
    initialValues: { url: "", events: [] },
    validate: zodValidate(createWebhookSchema),
  });
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);

  const close = () => {
    form.reset();
    create.reset();
    setSecret(null);
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(values, { onSuccess: (created) => setSecret(created.secret) }),
  );

  return (
    <Modal opened={opened} onClose={close} title={secret ? "Webhook criado" : "Novo webhook"} size="lg">
      {secret ? (
        <SecretReveal label="O segredo de assinatura" secret={secret} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="URL"
              description="Endereço https público que receberá os eventos (POST em JSON)."
              placeholder="https://exemplo.com.br/webhooks/nexo"
              required
              {...form.getInputProps("url")}
            />
            <Checkbox.Group label="Eventos" withAsterisk {...form.getInputProps("events")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {create.error && (
              <div role="alert" style={{ color: "var(--mantine-color-red-7)" }}>
                {create.error.message}
              </div>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Criar webhook
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
