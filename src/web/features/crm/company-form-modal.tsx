import { Button, Group, Modal, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { focusOnMount } from "./focus-on-mount.ts";
import { formatDocument } from "#domain/br-documents.ts";
import { maskPhone } from "#domain/crm/phone.ts";
import { type Company, companyInputSchema, type CustomField, UFS } from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { ApiError } from "#web/lib/api.ts";
import { CustomFieldInputs, type CustomValues, toCustomBody, toCustomValues } from "./custom-field-inputs.tsx";
import { OwnerSelect } from "./owner-select.tsx";
import { crmApi, useCrmMutation, useCustomFields } from "./use-crm.ts";
import { DuplicateAlert, type DuplicateWarning, duplicatesOf } from "./duplicate-alert.tsx";

type Values = {
  name: string;
  legalName: string;
  document: string;
  email: string;
  phone: string;
  website: string;
  city: string;
  state: string | null;
  ownerId: string | null;
  tags: string[];
  notes: string;
  customFields: CustomValues;
};

const national = (p: string | null) => (p ? maskPhone(p) : "");

function initialValues(fields: CustomField[], company?: Company): Values {
  return {
    name: company?.name ?? "",
    legalName: company?.legalName ?? "",
    document: company?.document ? formatDocument(company.document) : "",
    email: company?.email ?? "",
    phone: national(company?.phone ?? null),
    website: company?.website ?? "",
    city: company?.city ?? "",
    state: company?.state ?? null,
    ownerId: company?.ownerId ?? null,
    tags: company?.tags ?? [],
    notes: company?.notes ?? "",
    customFields: toCustomValues(fields, company?.customFields ?? {}),
  };
}

/** Nova Empresa / Editar empresa. Mounted once the agency's custom fields are known. */
export function CompanyFormModal({
  opened,
  onClose,
  company,
}: {
  opened: boolean;
  onClose: () => void;
  company?: Company;
}) {
  const fields = useCustomFields("company");
  return (
    <Modal opened={opened} onClose={onClose} title={company ? "Editar empresa" : "Nova Empresa"} size="lg">
      {fields.data && <CompanyForm fields={fields.data} company={company} onDone={onClose} />}
    </Modal>
  );
}

function CompanyForm({ fields, company, onDone }: { fields: CustomField[]; company?: Company; onDone: () => void }) {
  const navigate = useNavigate();
  // A new record without a chosen owner is the creator's (the server's default), never nobody's.
  const toBody = (v: Values) => ({
    ...v,
    ownerId: v.ownerId ?? (company ? null : undefined),
    customFields: toCustomBody(fields, v.customFields),
  });
  const form = useForm<Values>({
    initialValues: initialValues(fields, company),
    validate: (values) => zodValidate(companyInputSchema)(toBody(values)),
  });
  const [duplicates, setDuplicates] = useState<DuplicateWarning | null>(null);
  const save = useCrmMutation((body: ReturnType<typeof toBody> & { ignoreDuplicates?: boolean }) =>
    company ? crmApi.updateCompany(company.id, { ...body, version: company.version }) : crmApi.createCompany(body),
  );
  // A CNPJ the agency already has (any owner's) is offered to open, or to create anyway, as contacts are.
  const submit = (values: Values, ignoreDuplicates = false) =>
    save.mutate(
      { ...toBody(values), ...(company ? {} : { ignoreDuplicates }) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: "green", message: company ? "Empresa atualizada." : "Empresa criada." });
          setDuplicates(null);
          onDone();
          if (!company) navigate(`/app/crm/empresas/${saved.id}`);
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
          <TextInput label="Razão social" {...form.getInputProps("legalName")} />
          <TextInput label="CNPJ" placeholder="12.345.678/0001-95" {...form.getInputProps("document")} />
          <TextInput label="E-mail" type="email" {...form.getInputProps("email")} />
          <TextInput
            label="Telefone"
            placeholder="(11) 3456-7890"
            {...form.getInputProps("phone")}
            onChange={(e) => form.setFieldValue("phone", maskPhone(e.currentTarget.value))}
          />
          <TextInput label="Site" placeholder="https://" {...form.getInputProps("website")} />
          <OwnerSelect type="company" isNew={!company} {...form.getInputProps("ownerId")} />
          <TextInput label="Cidade" {...form.getInputProps("city")} />
          <Select label="UF" data={[...UFS]} searchable clearable {...form.getInputProps("state")} />
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
            title="Possível empresa duplicada"
            warning={duplicates}
            pathOf={(id) => `/app/crm/empresas/${id}`}
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
