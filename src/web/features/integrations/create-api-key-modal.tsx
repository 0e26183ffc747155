import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ROLE_LABELS } from "#domain/roles.ts";
import { type CreateApiKeyBody, createApiKeySchema } from "#domain/schemas/integrations.ts";
import { zodValidate } from "../super-admin/zod-validate.ts";
import { SecretReveal } from "./secret-reveal.tsx";
import { useCreateApiKey, useGrantableKeyRoles } from "./use-api-keys.ts";

/**
 * "Nova chave": a name and one of the roles the server says the user may give a key (none with a
 * permission the user lacks); the key is shown once, then the modal closes.
 */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const grantable = useGrantableKeyRoles(opened);
  const roles = grantable.data?.roles ?? [];
  const form = useForm<{ name: string; role: string | null }>({
    initialValues: { name: "", role: null },
    validate: zodValidate(createApiKeySchema),
  });
  const create = useCreateApiKey();
  const [secret, setSecret] = useState<string | null>(null);

  const close = () => {
    form.reset();
    create.reset();
    setSecret(null);
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(values as CreateApiKeyBody, { onSuccess: (created) => setSecret(created.secret) }),
  );

  return (
    <Modal opened={opened} onClose={close} title={secret ? "Chave criada" : "Nova chave de API"} size="lg">
      {secret ? (
        <SecretReveal label="A chave" secret={secret} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label="Nome" placeholder="Ex.: Zapier, ERP, Planilha" required {...form.getInputProps("name")} />
            <Select
              label="Papel"
              description="A chave terá as permissões deste papel na sua agência."
              placeholder={grantable.isPending ? "Carregando papéis..." : "Selecione o papel"}
              disabled={grantable.isPending}
              required
              data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              {...form.getInputProps("role")}
            />
            {(create.error ?? grantable.error) && (
              <div role="alert" style={{ color: "var(--mantine-color-red-7)" }}>
                {(create.error ?? grantable.error)?.message}
              </div>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Criar chave
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
