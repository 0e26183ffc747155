import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ActiveSession } from "#domain/schemas/account-security.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useSessionActions, useSessions } from "./use-account-security.ts";

/** A short device name from the user agent: browser and system, enough to recognise one's devices. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "Dispositivo desconhecido";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return [browser, system].filter(Boolean).join(" · ") || userAgent.slice(0, 60);
}

function SessionRow({ session }: { session: ActiveSession }) {
  const { endOne } = useSessionActions();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="session-row">
      <div>
        <Group gap="xs">
          <Text fw={500}>{deviceOf(session.userAgent)}</Text>
          {session.isCurrent && (
            <Badge color="green" variant="light">
              Este dispositivo
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          IP {session.ipAddress ?? "desconhecido"} · conectado desde {formatDateTime(session.createdAt)} · visto por
          último em {formatDateTime(session.lastSeenAt)}
        </Text>
      </div>
      {!session.isCurrent && (
        <Button
          variant="light"
          color="red"
          size="xs"
          loading={endOne.isPending && endOne.variables === session.id}
          onClick={() => endOne.mutate(session.id)}
          aria-label={`Encerrar sessão ${deviceOf(session.userAgent)}`}
        >
          Encerrar
        </Button>
      )}
    </Group>
  );
}

/** The user's active sessions, with "encerrar" per session and "sair de todos os outros dispositivos". */
export function SessionsPanel() {
  const sessions = useSessions();
  const { endOthers } = useSessionActions();
  const others = sessions.data?.sessions.filter((session) => !session.isCurrent).length ?? 0;
  const endAllOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (answer) => notifications.show({ title: "Sessões", message: answer.message, color: "green" }),
    });
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Sessões ativas
          </Title>
          <Button
            variant="default"
            size="xs"
            disabled={others === 0}
            loading={endOthers.isPending}
            onClick={endAllOthers}
          >
            Sair de todos os outros dispositivos
          </Button>
        </Group>
        {sessions.isPending && <Loader size="sm" role="status" aria-label="Carregando sessões..." />}
        {sessions.isError && (
          <Alert color="red" role="alert">
            {sessions.error.message}
          </Alert>
        )}
        {sessions.data?.sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </Stack>
    </Paper>
  );
}
