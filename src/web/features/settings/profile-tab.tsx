import {
  Alert,
  Button,
  Card,
  ColorInput,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import {
  type AgencyProfile,
  type AgencyProfileInput,
  agencyProfileFormSchema,
  toProfileInput,
} from "#domain/schemas/agency-profile.ts";
import { CURRENCIES, CURRENCY_LABELS, TIMEZONE_LABELS, TIMEZONES } from "#domain/schemas/agency-settings.ts";
import { zodValidate } from "#web/features/super-admin/zod-validate.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { LogoPicker } from "./logo-picker.tsx";
import { useAgencyProfile, useSaveAgencyProfile } from "./use-agency-profile.ts";

const TIMEZONE_OPTIONS = TIMEZONES.map((value) => ({ value, label: TIMEZONE_LABELS[value] }));
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: CURRENCY_LABELS[value] }));

function ProfileSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando...">
      <Skeleton height={120} radius="md" />
      <Skeleton height={260} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={4}>{title}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

/** The form for one loaded profile; it is re-created (fresh initial values) after each save. */
function ProfileForm({ profile, canEdit }: { profile: AgencyProfile; canEdit: boolean }) {
  const form = useForm<AgencyProfileInput>({
    initialValues: toProfileInput(profile),
    validate: zodValidate(agencyProfileFormSchema(profile)),
  });
  const [logo, setLogo] = useState<File | null>(null);
  const save = useSaveAgencyProfile();
  const readOnly = !canEdit || save.isPending;

  const cancel = () => {
    form.reset();
    setLogo(null);
  };
  const submit = form.onSubmit(async (values) => {
    const outcome = await save.mutateAsync({ values, logo });
    if (outcome.ok) setLogo(null);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Section title="Logo da agência" description="Aparece para a equipe e para os clientes da agência.">
          <LogoPicker
            currentUrl={profile.logoUrl}
            agencyName={profile.name}
            file={logo}
            onChange={setLogo}
            disabled={readOnly}
          />
        </Section>
        <Section title="Informações da agência" description="Dados de contato e identidade visual.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nome da agência" required readOnly={!canEdit} {...form.getInputProps("name")} />
            <TextInput
              label="CNPJ"
              placeholder="00.000.000/0000-00"
              readOnly={!canEdit}
              {...form.getInputProps("taxId")}
            />
            <TextInput
              label="E-mail de contato"
              type="email"
              placeholder="contato@suaagencia.com.br"
              readOnly={!canEdit}
              {...form.getInputProps("contactEmail")}
            />
            <TextInput
              label="Telefone de contato"
              placeholder="(11) 99999-9999"
              readOnly={!canEdit}
              {...form.getInputProps("contactPhone")}
            />
            <TextInput
              label="Website"
              placeholder="https://suaagencia.com.br"
              readOnly={!canEdit}
              {...form.getInputProps("website")}
            />
            <ColorInput
              label="Cor principal"
              format="hex"
              readOnly={!canEdit}
              eyeDropperButtonProps={{ "aria-label": "Capturar uma cor da tela" }}
              swatches={["#3B82F6", "#7C3AED", "#DB2777", "#DC2626", "#EA580C", "#16A34A", "#0D9488", "#0F172A"]}
              {...form.getInputProps("primaryColor")}
            />
          </SimpleGrid>
        </Section>
        <Section title="Endereço" description="Usado em propostas, faturas e contratos.">
          <Stack gap="sm">
            <TextInput
              label="Endereço"
              placeholder="Rua, número, complemento"
              readOnly={!canEdit}
              {...form.getInputProps("address")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Cidade" readOnly={!canEdit} {...form.getInputProps("city")} />
              <TextInput label="Estado" placeholder="SP" readOnly={!canEdit} {...form.getInputProps("state")} />
              <TextInput label="CEP" placeholder="00000-000" readOnly={!canEdit} {...form.getInputProps("zipCode")} />
              <TextInput label="País" placeholder="Brasil" readOnly={!canEdit} {...form.getInputProps("country")} />
            </SimpleGrid>
          </Stack>
        </Section>
        <Section title="Regional" description="Fuso horário e moeda padrão da agência.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Fuso horário"
              data={TIMEZONE_OPTIONS}
              allowDeselect={false}
              readOnly={!canEdit}
              {...form.getInputProps("timezone")}
            />
            <Select
              label="Moeda"
              data={CURRENCY_OPTIONS}
              allowDeselect={false}
              readOnly={!canEdit}
              {...form.getInputProps("currency")}
            />
          </SimpleGrid>
        </Section>
        {canEdit ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar Alterações
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Você pode ver os dados da agência, mas não tem permissão para alterá-los.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** Perfil da Agência (spec §2.8). */
export default function ProfileTab() {
  const profile = useAgencyProfile();
  const canEdit = usePermission("configuracoes", "edit").isAllowed;
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <Alert color="red" title="Erro">
        {profile.error.message}
      </Alert>
    );
  }
  return <ProfileForm key={profile.data.updatedAt} profile={profile.data} canEdit={canEdit} />;
}
