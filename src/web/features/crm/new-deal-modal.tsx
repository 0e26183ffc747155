import { Button, Group, Modal, Select, SegmentedControl, SimpleGrid, Stack, TagsInput, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { reaisTextToCents } from "#domain/crm/brazilian-reais.ts";
import { maskPhone } from "#domain/crm/phone.ts";
import { CRM_MESSAGES, dealInputSchema, type Stage } from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { OwnerSelect } from "./owner-select.tsx";
import { ReaisInput } from "./reais-input.tsx";
import { crmApi, useContacts, useCrmMutation } from "./use-crm.ts";

type Values = {
  title: string;
  value: string;
  stageId: string | null;
  contactId: string | null;
  name: string;
  email: string;
  phone: string;
  expectedCloseOn: string;
  ownerId: string | null;
  tags: string[];
};

type ContactMode = "existing" | "new";

// No owner picked leaves ownerId out: the server makes the creator the owner.
function toBody(v: Values, mode: ContactMode) {
  return {
    title: v.title,
    valueCents: reaisTextToCents(v.value),
    stageId: v.stageId ?? undefined,
    expectedCloseOn: v.expectedCloseOn || null,
    ownerId: v.ownerId ?? undefined,
    tags: v.tags,
    ...(mode === "new" ? { newContact: { name: v.name, email: v.email, phone: v.phone } } : { contactId: v.contactId }),
  };
}

/** The shared schema's errors under the form's field names. */
function validate(v: Values, mode: ContactMode): Record<string, string> {
  const errors = zodValidate(dealInputSchema)(toBody(v, mode));
  const { valueCents, "newContact.name": name, "newContact.email": email, "newContact.phone": phone, ...rest } = errors;
  return Object.fromEntries(
    Object.entries({ ...rest, value: valueCents, name, email, phone }).filter(([, message]) => message),
  ) as Record<string, string>;
}

/** Nova Oportunidade: title, value in R$, stage, owner, tags, an existing contact or a new one created on the fly. */
export function NewDealModal({ opened, onClose, stages }: { opened: boolean; onClose: () => void; stages: Stage[] }) {
  const [mode, setMode] = useState<ContactMode>("existing");
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 250);
  const contacts = useContacts({ q: q.length >= 2 ? q : undefined, sort: "name_asc" });
  const form = useForm<Values>({
    initialValues: {
      title: "",
      value: "",
      stageId: stages[0]?.id ?? null,
      contactId: null,
      name: "",
      email: "",
      phone: "",
      expectedCloseOn: "",
      ownerId: null,
      tags: [],
    },
    validate: (v) => validate(v, mode),
  });
  const create = useCrmMutation(crmApi.createDeal);
  const submit = (v: Values) =>
    create.mutate(toBody(v, mode), {
      onSuccess: () => {
        notifications.show({ color: "green", message: CRM_MESSAGES.dealCreated });
        form.reset();
        onClose();
      },
      onError: (e) => notifications.show({ color: "red", message: e.message }),
    });
  const options = (contacts.data?.pages.flatMap((p) => p.contacts) ?? []).map((c) => ({
    value: c.id,
    label: c.email ? `${c.name} (${c.email})` : c.name,
  }));
  return (
    <Modal opened={opened} onClose={onClose} title="Nova Oportunidade" size="lg">
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <TextInput label="Título" required data-autofocus {...form.getInputProps("title")} />
          <Group grow>
            <ReaisInput label="Valor (R$)" {...form.getInputProps("value")} />
            <Select
              label="Etapa"
              data={stages.map((s) => ({ value: s.id, label: s.name }))}
              allowDeselect={false}
              {...form.getInputProps("stageId")}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Previsão de fechamento" type="date" {...form.getInputProps("expectedCloseOn")} />
            <OwnerSelect type="deal" isNew {...form.getInputProps("ownerId")} />
          </SimpleGrid>
          <TagsInput label="Tags" {...form.getInputProps("tags")} />
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as ContactMode)}
            data={[
              { value: "existing", label: "Contato existente" },
              { value: "new", label: "Novo contato" },
            ]}
          />
          {mode === "existing" ? (
            <Select
              label="Contato"
              searchable
              clearable
              data={options}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: o }) => o}
              nothingFoundMessage="Nenhum contato encontrado"
              {...form.getInputProps("contactId")}
            />
          ) : (
            <Group grow>
              <TextInput label="Nome do contato" {...form.getInputProps("name")} />
              <TextInput label="E-mail" {...form.getInputProps("email")} />
              <TextInput
                label="Telefone"
                {...form.getInputProps("phone")}
                onChange={(e) => form.setFieldValue("phone", maskPhone(e.currentTarget.value))}
              />
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Criar oportunidade
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
