import { Button, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMail } from "@tabler/icons-react";
import { type CreateInviteInput, createInviteSchema } from "#domain/schemas/invites.ts";
import { roleOptions } from "#web/features/settings/users/role-options.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { useMe } from "#web/lib/session.ts";
import { useCreateInvite } from "./use-invites.ts";

const EMPTY_INVITE = { email: "", role: "user" } satisfies CreateInviteInput;

/** 'Convidar Usuário' (spec §2.8): e-mail and role, validated by the server's own schema. */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const me = useMe().data?.user;
  const create = useCreateInvite();
  const form = useForm<{ email: string; role: string }>({
    initialValues: EMPTY_INVITE,
    validate: zodValidate(createInviteSchema),
  });

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    create.mutate(createInviteSchema.parse(values), { onSuccess: close });
  });

  const isEmpty = form.values.email.trim() === "";
  return (
    <Modal opened={opened} onClose={close} title="Convidar Usuário" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            placeholder="pessoa@exemplo.com.br"
            type="email"
            required
            data-autofocus
            leftSection={<IconMail size={16} />}
            {...form.getInputProps("email")}
          />
          <Select
            label="Função"
            data={roleOptions(me?.role)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("role")}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={isEmpty || create.isPending}>
              {create.isPending ? "Enviando..." : "Enviar Convite"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
