import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link } from "react-router";
import { maskPhone } from "#domain/crm/phone.ts";
import { CONTACT_STATUSES, CRM_MESSAGES, type Contact, type Duplicate, UFS } from "#domain/schemas/crm.ts";
import { ApiError } from "#web/lib/api.ts";
import { crmApi, useCrmMutation } from "./use-crm.ts";

type Values = {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  document: string;
  position: string;
  city: string;
  state: string | null;
  source: string;
  status: string;
  tags: string[];
  notes: string;
};

const EMPTY: Values = {
  name: "",
  email: "",
  phone: "",
  whatsapp: "",
  document: "",
  position: "",
  city: "",
  state: null,
  source: "",
  status: "lead",
  tags: [],
  notes: "",
};

function fromContact(c: Contact): Values {
  const national = (p: string | null) => (p ? maskPhone(p.replace(/^\+55/, "")) : "");
  return {
    name: c.name,
    email: c.email ?? "",
    phone: national(c.phone),
    whatsapp: national(c.whatsapp),
    document: c.document ?? "",
    position: c.position ?? "",
    city: c.city ?? "",
    state: c.state,
    source: c.source ?? "",
    status: c.status,
    tags: c.tags,
    notes: c.notes ?? "",
  };
}

/** Novo Contato / Editar contato: the server checks CPF/CNPJ and the phone; duplicates are offered to open. */
export function ContactFormModal({
  opened,
  onClose,
  contact,
}: {
  opened: boolean;
  onClose: () => void;
  contact?: Contact;
}) {
  const form = useForm<Values>({
    initialValues: contact ? fromContact(contact) : EMPTY,
    validate: { name: (v) => (v.trim() ? null : CRM_MESSAGES.nameRequired) },
  });
  const [duplicates, setDuplicates] = useState<Duplicate[]>([]);
  const save = useCrmMutation((body: Values & { ignoreDuplicates?: boolean }) =>
    contact ? crmApi.updateContact(contact.id, { ...body, version: contact.version }) : crmApi.createContact(body),
  );
  const submit = (values: Values, ignoreDuplicates = false) =>
    save.mutate(
      { ...values, ...(contact ? {} : { ignoreDuplicates }) },
      {
        onSuccess: () => {
          notifications.show({
            color: "green",
            message: contact ? CRM_MESSAGES.contactUpdated : CRM_MESSAGES.contactCreated,
          });
          setDuplicates([]);
          form.reset();
          onClose();
        },
        onError: (error) => {
          const found = error instanceof ApiError && error.status === 409 ? duplicatesOf(error) : [];
          if (found.length) setDuplicates(found);
          else notifications.show({ color: "red", message: error.message });
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={contact ? "Editar contato" : "Novo Contato"} size="lg">
      <form onSubmit={form.onSubmit((values) => submit(values))}>
        <Stack gap="sm">
          <TextInput label="Nome" required data-autofocus {...form.getInputProps("name")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="E-mail" type="email" {...form.getInputProps("email")} />
            <TextInput
              label="Telefone"
              placeholder="(11) 98765-4321"
              {...form.getInputProps("phone")}
              onChange={(e) => form.setFieldValue("phone", maskPhone(e.currentTarget.value))}
            />
            <TextInput
              label="WhatsApp"
              placeholder="(11) 98765-4321"
              {...form.getInputProps("whatsapp")}
              onChange={(e) => form.setFieldValue("whatsapp", maskPhone(e.currentTarget.value))}
            />
            <TextInput label="CPF ou CNPJ" {...form.getInputProps("document")} />
            <TextInput label="Cargo" {...form.getInputProps("position")} />
            <TextInput label="Origem" placeholder="Indicação, site, Instagram…" {...form.getInputProps("source")} />
            <TextInput label="Cidade" {...form.getInputProps("city")} />
            <Select label="UF" data={[...UFS]} searchable clearable {...form.getInputProps("state")} />
            <Select
              label="Status"
              data={[...CONTACT_STATUSES]}
              allowDeselect={false}
              {...form.getInputProps("status")}
            />
            <TagsInput label="Tags" {...form.getInputProps("tags")} />
          </SimpleGrid>
          <Textarea label="Observações" autosize minRows={2} {...form.getInputProps("notes")} />
          {duplicates.length > 0 && (
            <Alert color="yellow" title="Possível contato duplicado">
              <Stack gap={4}>
                {duplicates.map((d) => (
                  <Anchor key={d.id} component={Link} to={`/app/crm/contatos/${d.id}`}>
                    Abrir {d.name}
                  </Anchor>
                ))}
                <Button size="xs" variant="light" w="fit-content" onClick={() => submit(form.getValues(), true)}>
                  Criar mesmo assim
                </Button>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function duplicatesOf(error: ApiError): Duplicate[] {
  return (error.details as { duplicates?: Duplicate[] } | undefined)?.duplicates ?? [];
}
