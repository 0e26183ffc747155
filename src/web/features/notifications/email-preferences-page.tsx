import { Alert, Anchor, Card, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "react-router";
import { NOTIFICATION_KINDS, type NotificationKind, isNotificationKind } from "#domain/notification-kinds.ts";
import { NOTIFICATION_PREFERENCE_MESSAGES, type NotificationPreferences } from "#domain/schemas/notifications.ts";
import { useMe } from "#web/lib/session.ts";
import { NoAgencyNotice } from "#web/shell/no-agency-notice.tsx";
import { NOTIFICATIONS_PATH } from "#web/shell/notifications-menu.tsx";
import { useEmailPreferences, useSaveEmailPreference } from "./use-email-preferences.ts";

function AgencySwitchOff() {
  return (
    <Alert color="yellow" variant="light" title="E-mails desativados pela agência">
      A agência desligou as notificações por e-mail em Configurações › Sistema. Você continua recebendo os avisos no
      sino; suas escolhas abaixo valem quando os e-mails forem reativados.
    </Alert>
  );
}

function PreferenceRows({ data }: { data: NotificationPreferences }) {
  const save = useSaveEmailPreference();
  const pending = save.isPending ? save.variables : undefined;
  const kinds = data.preferences.filter((p): p is { kind: NotificationKind; email: boolean } =>
    isNotificationKind(p.kind),
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg">
        {kinds.map(({ kind, email }) => (
          <Switch
            key={kind}
            label={NOTIFICATION_KINDS[kind].label}
            description={NOTIFICATION_KINDS[kind].description}
            checked={pending?.kind === kind ? pending.email : email}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ kind, email: event.currentTarget.checked })}
          />
        ))}
      </Stack>
    </Card>
  );
}

/** /app/notificacoes/preferencias: which kinds of notification also come by e-mail (each user's own). */
export default function EmailPreferencesPage() {
  const user = useMe().data?.user;
  if (user && !user.agencyId) return <NoAgencyNotice subject="As notificações" isSuperAdmin={user.isSuperAdmin} />;
  return <Preferences />;
}

function Preferences() {
  const preferences = useEmailPreferences();
  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={NOTIFICATIONS_PATH} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          Voltar para notificações
        </Group>
      </Anchor>
      <Title order={2}>Preferências de notificação</Title>
      <Text c="dimmed" size="sm">
        Todos os avisos aparecem no sino. Escolha quais também chegam no seu e-mail.
      </Text>
      {preferences.isPending && (
        <Skeleton height={420} radius="md" role="status" aria-busy="true" aria-label="Carregando preferências" />
      )}
      {preferences.isError && <Alert color="red">{NOTIFICATION_PREFERENCE_MESSAGES.loadFailed}</Alert>}
      {preferences.isSuccess && (
        <>
          {!preferences.data.agencyEmailEnabled && <AgencySwitchOff />}
          <PreferenceRows data={preferences.data} />
        </>
      )}
    </Stack>
  );
}
