import { Alert, Card, Group, Select, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { IconBell, IconDatabase, IconShieldLock, IconWorld } from "@tabler/icons-react";
import type { ReactNode } from "react";
import {
  type AgencySettingChange,
  type AgencySettings,
  BACKUP_FREQUENCIES,
  BACKUP_FREQUENCY_LABELS,
  CURRENCIES,
  CURRENCY_LABELS,
  DATE_FORMAT_LABELS,
  DATE_FORMATS,
  LANGUAGE_LABELS,
  LANGUAGES,
  TIMEZONE_LABELS,
  TIMEZONES,
} from "#domain/schemas/agency-settings.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { AutoBackupsList } from "../auto-backups/auto-backups-list.tsx";
import { IdleTimeoutInput } from "./idle-timeout-input.tsx";
import { useAgencySettings, useSaveAgencySetting } from "./use-agency-settings.ts";

const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

function SettingsCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" mb={4} wrap="nowrap">
        {icon}
        <Title order={4}>{title}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

function SettingsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando configurações...">
      {(["regional", "notificacoes", "backup", "seguranca"] as const).map((card) => (
        <Skeleton key={card} height={card === "regional" ? 200 : 140} radius="md" />
      ))}
    </Stack>
  );
}

type Props = { settings: AgencySettings; canEdit: boolean };

/** The four cards; while one change is saving its control shows the new value and the others wait. */
function SettingsCards({ settings, canEdit }: Props) {
  const save = useSaveAgencySetting();
  const pending = save.isPending ? save.variables : undefined;
  const shown = pending ? ({ ...settings, [pending.key]: pending.value } as AgencySettings) : settings;
  const disabled = !canEdit || save.isPending;
  const change = (next: AgencySettingChange) => {
    if (settings[next.key] !== next.value) save.mutate(next);
  };
  const select = <K extends AgencySettingChange["key"]>(key: K) => ({
    value: shown[key] as string,
    onChange: (value: string | null) => value && change({ key, value } as AgencySettingChange),
    allowDeselect: false,
    disabled,
  });
  const toggle = <K extends AgencySettingChange["key"]>(key: K) => ({
    checked: shown[key] as boolean,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      change({ key, value: event.currentTarget.checked } as AgencySettingChange),
    disabled,
  });

  return (
    <Stack gap="md">
      {!canEdit && (
        <Alert color="gray" variant="light">
          Você pode ver as configurações, mas não tem permissão para alterá-las.
        </Alert>
      )}
      <SettingsCard
        icon={<IconWorld size={20} />}
        title="Regional"
        description="Fuso horário, moeda, idioma e formato de data usados pela agência."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Fuso horário" data={optionsOf(TIMEZONES, TIMEZONE_LABELS)} {...select("timezone")} />
          <Select label="Moeda padrão" data={optionsOf(CURRENCIES, CURRENCY_LABELS)} {...select("currency")} />
          <Select label="Idioma" data={optionsOf(LANGUAGES, LANGUAGE_LABELS)} {...select("language")} />
          <Select
            label="Formato de data"
            data={optionsOf(DATE_FORMATS, DATE_FORMAT_LABELS)}
            {...select("date_format")}
          />
        </SimpleGrid>
      </SettingsCard>
      <SettingsCard
        icon={<IconBell size={20} />}
        title="Notificações"
        description="Como a agência recebe avisos do sistema."
      >
        <Switch
          label="Notificações por e-mail"
          description="Envia por e-mail os avisos que cada pessoa escolheu em Notificações › Preferências de e-mail"
          {...toggle("notification_email")}
        />
        <Switch
          label="Notificações por SMS"
          description="Ainda não disponível: o Nexo ainda não envia SMS."
          checked={false}
          disabled
        />
      </SettingsCard>
      <SettingsCard
        icon={<IconDatabase size={20} />}
        title="Backup"
        description="Cópias de segurança dos dados da agência."
      >
        <Switch
          label="Backup automático"
          description="Gerar cópias de segurança periodicamente"
          {...toggle("auto_backup")}
        />
        {shown.auto_backup && (
          <Select
            label="Frequência do backup"
            data={optionsOf(BACKUP_FREQUENCIES, BACKUP_FREQUENCY_LABELS)}
            maw={320}
            {...select("backup_frequency")}
          />
        )}
        {/* A backup holds every record of the agency: listed for who may manage its settings. */}
        {canEdit && <AutoBackupsList />}
      </SettingsCard>
      <SettingsCard
        icon={<IconShieldLock size={20} />}
        title="Segurança"
        description="Regras de acesso para todos os usuários da agência."
      >
        <Switch
          label="Exigir autenticação em dois fatores"
          description="Todos os usuários da agência precisarão configurar um aplicativo autenticador. Quem ainda não configurou (inclusive você) será levado à configuração no próximo acesso."
          {...toggle("two_factor_required")}
        />
        <IdleTimeoutInput
          value={shown.session_idle_timeout_minutes}
          disabled={disabled}
          onSave={(minutes) => change({ key: "session_idle_timeout_minutes", value: minutes })}
        />
      </SettingsCard>
    </Stack>
  );
}

/** Configurações de Sistema (spec §2.8, §3): each change is saved at once, one setting per request. */
export default function SystemTab() {
  const settings = useAgencySettings();
  const canEdit = usePermission("configuracoes", "edit").isAllowed;
  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError) {
    return (
      <Alert color="red" title="Erro">
        {settings.error.message}
      </Alert>
    );
  }
  return <SettingsCards settings={settings.data} canEdit={canEdit} />;
}
