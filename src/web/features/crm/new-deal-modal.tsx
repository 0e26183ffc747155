import { Button, Group, Modal, Select, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { parseReais } from "#domain/crm/money.ts";
import { maskPhone } from "#domain/crm/phone.ts";
import { CRM_MESSAGES, type Stage } from "#domain/schemas/crm.ts";
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
};

/** Nova Oportunidade: title, value in R$, stage, an existing contact or a new one created on the fly. */
export function NewDealModal({ opened, onClose, stages }: { opened: boolean; onClose: () => void; stages: Stage[] }) {
  const [mode, setMode] = useState<"existing" | "new">("existing");
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
    },
    validate: {
      title: (v) => (v.trim() ? null : CRM_MESSAGES.titleRequired),
      value: (v) => (!v.trim() || parseReais(v) !== null ? null : CRM_MESSAGES.invalidValue),
      name: (v) => (mode === "new" && !v.trim() ? CRM_MESSAGES.nameRequired : null),
    },
  });
  const create = useCrmMutation(crmApi.createDeal);
  const submit = (v: Values) =>
    create.mutate(
      {
        title: v.title,
        valueCents: parseReais(v.value) ?? 0,
        stageId: v.stageId ?? undefined,
        expectedCloseOn: v.expectedCloseOn || null,
        ...(mode === "new"
          ? { newContact: { name: v.name, email: v.email, phone: v.phone } }
          : { contactId: v.contactId }),
      },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: CRM_MESSAGES.dealCreated });
          form.reset();
          onClose();
        },
        onError: (e) => notifications.show({ color: "red", message: e.message }),
      },
    );
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
            <TextInput label="Valor (R$)" placeholder="0,00" inputMode="decimal" {...form.getInputProps("value")} />
            <Select
              label="Etapa"
              data={stages.map((s) => ({ value: s.id, label: s.name }))}
              allowDeselect={false}
              {...form.getInputProps("stageId")}
            />
          </Group>
          <TextInput label="Previsão de fechamento" type="date" {...form.getInputProps("expectedCloseOn")} />
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as "existing" | "new")}
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
