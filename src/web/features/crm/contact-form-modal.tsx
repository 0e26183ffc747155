import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useState } from "react";
import { focusOnMount } from "./focus-on-mount.ts";
import { formatDocument } from "#domain/br-documents.ts";
import { maskPhone } from "#domain/crm/phone.ts";
import {
  CONTACT_STATUSES,
  CRM_MESSAGES,
  type Contact,
  type CustomField,
  contactInputSchema,
  UFS,
} from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { ApiError } from "#web/lib/api.ts";
import { CustomFieldInputs, type CustomValues, toCustomBody, toCustomValues } from "./custom-field-inputs.tsx";
import { OwnerSelect } from "./owner-select.tsx";
import { crmApi, useCompanies, useCrmMutation, useCustomFields } from "./use-crm.ts";
import { DuplicateAlert, type DuplicateWarning, duplicatesOf } from "./duplicate-alert.tsx";

type Values = {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  document: string;
  companyId: string | null;
  position: string;
  city: string;
  state: string | null;
  source: string;
  status: string;
  ownerId: string | null;
  tags: string[];
  notes: string;
  customFields: CustomValues;
};

const national = (p: string | null) => (p ? maskPhone(p) : "");

function initialValues(fields: CustomField[], c?: Contact): Values {
  return {
    name: c?.name ?? "",
    email: c?.email ?? "",
    phone: national(c?.phone ?? null),
    whatsapp: national(c?.whatsapp ?? null),
    document: c?.document ? formatDocument(c.document) : "",
    companyId: c?.companyId ?? null,
    position: c?.position ?? "",
    city: c?.city ?? "",
    state: c?.state ?? null,
    source: c?.source ?? "",
    status: c?.status ?? "lead",
    ownerId: c?.ownerId ?? null,
    tags: c?.tags ?? [],
    notes: c?.notes ?? "",
    customFields: toCustomValues(fields, c?.customFields ?? {}),
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
  const fields = useCustomFields("contact");
  return (
    <Modal opened={opened} onClose={onClose} title={contact ? "Editar contato" : "Novo Contato"} size="lg">
      {fields.isError && <Alert color="red">{fields.error.message}</Alert>}
      {fields.data && <ContactForm fields={fields.data} contact={contact} onDone={onClose} />}
    </Modal>
  );
}

function ContactForm({ fields, contact, onDone }: { fields: CustomField[]; contact?: Contact; onDone: () => void }) {
  // A new record without a chosen owner is the creator's (the server's default), never nobody's.
  const toBody = (v: Values) => ({
    ...v,
    ownerId: v.ownerId ?? (contact ? null : undefined),
    customFields: toCustomBody(fields, v.customFields),
  });
  const form = useForm<Values>({
    initialValues: initialValues(fields, contact),
    validate: (values) => zodValidate(contactInputSchema)(toBody(values)),
  });
  const [duplicates, setDuplicates] = useState<DuplicateWarning | null>(null);
  const save = useCrmMutation((body: ReturnType<typeof toBody> & { ignoreDuplicates?: boolean }) =>
    contact ? crmApi.updateContact(contact.id, { ...body, version: contact.version }) : crmApi.createContact(body),
  );
  const submit = (values: Values, ignoreDuplicates = false) =>
    save.mutate(
      { ...toBody(values), ...(contact ? {} : { ignoreDuplicates }) },
      {
        onSuccess: () => {
          notifications.show({
            color: "green",
            message: contact ? CRM_MESSAGES.contactUpdated : CRM_MESSAGES.contactCreated,
          });
          setDuplicates(null);
          form.reset();
          onDone();
        },
        onError: (error) => {
          const found = error instanceof ApiError && error.status === 409 ? duplicatesOf(error) : null;
          if (found) setDuplicates(found);
          else notifications.show({ color: "red", message: error.message });
        },
      },
    );
  return (
    <form onSubmit={form.onSubmit((values) => submit(values))} noValidate>
      <Stack gap="sm">
        <TextInput label="Nome" required data-autofocus ref={focusOnMount} {...form.getInputProps("name")} />
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
          <CompanySelect
            initial={contact?.companyId ? { value: contact.companyId, label: contact.companyName ?? "" } : null}
            value={form.values.companyId}
            onChange={(v) => form.setFieldValue("companyId", v)}
            error={form.errors.companyId}
          />
          <TextInput label="Cargo" {...form.getInputProps("position")} />
          <TextInput label="Origem" placeholder="Indicação, site, Instagram…" {...form.getInputProps("source")} />
          <OwnerSelect type="contact" isNew={!contact} {...form.getInputProps("ownerId")} />
          <TextInput label="Cidade" {...form.getInputProps("city")} />
          <Select label="UF" data={[...UFS]} searchable clearable {...form.getInputProps("state")} />
          <Select label="Status" data={[...CONTACT_STATUSES]} allowDeselect={false} {...form.getInputProps("status")} />
          <TagsInput label="Tags" {...form.getInputProps("tags")} />
          <CustomFieldInputs
            fields={fields}
            values={form.values.customFields}
            onChange={(id, value) => form.setFieldValue(`customFields.${id}`, value)}
          />
        </SimpleGrid>
        <Textarea label="Observações" autosize minRows={2} {...form.getInputProps("notes")} />
        {duplicates && (
          <DuplicateAlert
            title="Possível contato duplicado"
            warning={duplicates}
            pathOf={(id) => `/app/crm/contatos/${id}`}
            onCreateAnyway={() => submit(form.getValues(), true)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type SelectProps = { value: string | null; onChange: (value: string | null) => void; error?: ReactNode };

/** The contact's company, searched on the server as the user types. */
function CompanySelect({
  initial,
  value,
  onChange,
  error,
}: SelectProps & { initial: { value: string; label: string } | null }) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 250);
  const companies = useCompanies(q.trim().length >= 2 ? q.trim() : "");
  const options = (companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (initial && !options.some((o) => o.value === initial.value)) options.unshift(initial);
  return (
    <Select
      label="Empresa"
      placeholder="Buscar empresa…"
      searchable
      clearable
      data={options}
      value={value}
      onChange={onChange}
      onSearchChange={setSearch}
      nothingFoundMessage={companies.isFetching ? "Buscando…" : "Nenhuma empresa encontrada."}
      error={error}
    />
  );
}
