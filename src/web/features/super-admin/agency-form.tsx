import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useRef } from "react";
import type { z } from "zod";
import { AGENCY_FIELD_LABELS, AGENCY_LIMIT_DEFAULTS, SUBSCRIPTION_PLANS } from "#domain/schemas/agencies.ts";
import { slugify } from "#domain/slug.ts";
import { zodValidate } from "./zod-validate.ts";

export type AgencyFormValues = {
  name: string;
  slug: string;
  domain: string;
  contactEmail: string;
  contactPhone: string;
  subscriptionPlan: (typeof SUBSCRIPTION_PLANS)[number];
  maxUsers: number | string;
  maxClients: number | string;
  maxProjects: number | string;
  firstManagerEmail: string;
};

export const EMPTY_AGENCY: AgencyFormValues = {
  name: "",
  slug: "",
  domain: "",
  contactEmail: "",
  contactPhone: "",
  subscriptionPlan: "basic",
  maxUsers: AGENCY_LIMIT_DEFAULTS.maxUsers,
  maxClients: AGENCY_LIMIT_DEFAULTS.maxClients,
  maxProjects: AGENCY_LIMIT_DEFAULTS.maxProjects,
  firstManagerEmail: "",
};

const PLAN_OPTIONS = SUBSCRIPTION_PLANS.map((plan) => ({ value: plan, label: PLAN_LABELS()[plan] }));

export function PLAN_LABELS(): Record<string, string> {
  return { basic: "Básico", pro: "Pro", enterprise: "Enterprise" };
}

type Props = {
  initialValues: AgencyFormValues;
  schema: z.ZodType;
  withFirstManager: boolean;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: (values: AgencyFormValues) => Promise<boolean>;
  onCancel: () => void;
};

/** One form for creating and editing an agency, validated by the same zod schema as the server. */
export function AgencyForm(props: Props) {
  const form = useForm<AgencyFormValues>({ initialValues: props.initialValues, validate: zodValidate(props.schema) });
  // The slug follows the name until the user types in the slug field themselves.
  const isSlugEdited = useRef(props.initialValues.slug !== "");

  const cancel = () => {
    form.reset();
    isSlugEdited.current = props.initialValues.slug !== "";
    props.onCancel();
  };

  const submit = form.onSubmit(async (values) => {
    if (await props.onSubmit(values)) {
      form.reset();
      isSlugEdited.current = props.initialValues.slug !== "";
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Nome da agência"
            required
            {...form.getInputProps("name")}
            onChange={(event) => {
              const name = event.currentTarget.value;
              form.setFieldValue("name", name);
              if (!isSlugEdited.current) form.setFieldValue("slug", slugify(name));
            }}
          />
          <TextInput
            label="Slug"
            description="Identificador único usado nos endereços"
            required
            {...form.getInputProps("slug")}
            onChange={(event) => {
              isSlugEdited.current = true;
              form.setFieldValue("slug", event.currentTarget.value);
            }}
          />
          <TextInput
            label={AGENCY_FIELD_LABELS.domain}
            placeholder="agencia.com.br"
            {...form.getInputProps("domain")}
          />
          <TextInput label={AGENCY_FIELD_LABELS.contactEmail} type="email" {...form.getInputProps("contactEmail")} />
          <TextInput
            label={AGENCY_FIELD_LABELS.contactPhone}
            placeholder="(11) 99999-9999"
            {...form.getInputProps("contactPhone")}
          />
          <Select
            label={AGENCY_FIELD_LABELS.subscriptionPlan}
            data={PLAN_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps("subscriptionPlan")}
          />
          <NumberInput label={AGENCY_FIELD_LABELS.maxUsers} min={1} {...form.getInputProps("maxUsers")} />
          <NumberInput label={AGENCY_FIELD_LABELS.maxClients} min={1} {...form.getInputProps("maxClients")} />
          <NumberInput label={AGENCY_FIELD_LABELS.maxProjects} min={1} {...form.getInputProps("maxProjects")} />
          {props.withFirstManager && (
            <TextInput
              label="E-mail do primeiro gestor (opcional)"
              description="Gera um convite de Gestor da Agência válido por 7 dias"
              type="email"
              {...form.getInputProps("firstManagerEmail")}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={props.isSubmitting}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
