import { Button, Group, SimpleGrid, Stack, TagsInput, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { formatReaisInput, reaisTextToCents } from "#domain/crm/brazilian-reais.ts";
import { DEAL_EDIT_MESSAGES, type Deal, type DealUpdateBody, dealUpdateSchema } from "#domain/schemas/crm.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { focusOnMount } from "./focus-on-mount.ts";
import { OwnerSelect } from "./owner-select.tsx";
import { ReaisInput } from "./reais-input.tsx";
import { crmApi, useCrmMutation } from "./use-crm.ts";

type Values = { title: string; value: string; ownerId: string | null; expectedCloseOn: string; tags: string[] };

function toBody(values: Values, version: number): DealUpdateBody {
  return {
    title: values.title,
    valueCents: reaisTextToCents(values.value),
    ownerId: values.ownerId,
    expectedCloseOn: values.expectedCloseOn || null,
    tags: values.tags,
    version,
  };
}

/** The schema's errors under the form's field names (the value is typed as text, sent as centavos). */
function validate(values: Values, version: number): Record<string, string> {
  const { valueCents, ...errors } = zodValidate(dealUpdateSchema)(toBody(values, version));
  return valueCents ? { ...errors, value: valueCents } : errors;
}

/**
 * Edits a deal's title, value, owner, expected close and tags. The version is the one the form
 * was opened with: if someone else saved meanwhile, the server answers 409 instead of this form
 * overwriting their change.
 */
export function DealEditForm({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const [version] = useState(deal.version);
  const form = useForm<Values>({
    initialValues: {
      title: deal.title,
      value: formatReaisInput(deal.valueCents),
      ownerId: deal.ownerId,
      expectedCloseOn: deal.expectedCloseOn ?? "",
      tags: deal.tags,
    },
    validate: (values) => validate(values, version),
  });
  const save = useCrmMutation((body: DealUpdateBody) => crmApi.updateDeal(deal.id, body));
  const submit = (values: Values) =>
    save.mutate(toBody(values, version), {
      onSuccess: () => {
        notifications.show({ color: "green", message: DEAL_EDIT_MESSAGES.dealUpdated });
        onDone();
      },
      onError: (error) => notifications.show({ color: "red", message: error.message }),
    });
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Título" required ref={focusOnMount} {...form.getInputProps("title")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReaisInput label="Valor (R$)" {...form.getInputProps("value")} />
          <OwnerSelect type="deal" {...form.getInputProps("ownerId")} />
          <TextInput label="Previsão de fechamento" type="date" {...form.getInputProps("expectedCloseOn")} />
          <TagsInput label="Tags" {...form.getInputProps("tags")} />
        </SimpleGrid>
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
