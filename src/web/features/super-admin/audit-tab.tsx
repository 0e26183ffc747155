import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  AUDIT_ACTION_COLORS,
  AUDIT_ACTION_LABELS,
  auditLabel,
  AUDIT_MESSAGES,
  type AuditLogRow,
  type AuditStats,
  auditFilterSchema,
  CRITICAL_ACTIONS_TEXT,
} from "#domain/schemas/audit.ts";
import { api } from "#web/lib/api.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useMe } from "#web/lib/session.ts";
import { useIsPhone } from "../crm/record-cells.tsx";
import { AuditLogCards } from "./audit/audit-log-cards.tsx";
import { ActionBadge, userLabel } from "./audit/audit-log-parts.tsx";
import { AuditLogTable } from "./audit/audit-log-table.tsx";
import { zodValidate } from "./zod-validate.ts";

const EMPTY_FILTERS = { from: "", to: "", action: "", resourceType: "", userId: "", ipAddress: "", search: "" };
type Filters = typeof EMPTY_FILTERS;

function toQuery(filters: Filters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (!value) continue;
    // datetime-local values are local time; the server compares instants.
    params.set(key, key === "from" || key === "to" ? new Date(value).toISOString() : value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

function StatsCards() {
  const stats = useQuery({ queryKey: ["audit", "stats"], queryFn: () => api<AuditStats>("/api/audit-logs/stats") });
  if (stats.isPending) return <Loader role="status" size="sm" aria-label="Carregando estatísticas" />;
  if (stats.isError) return <Text c="red">Erro ao carregar estatísticas: {stats.error.message}</Text>;
  const { totalLast30Days, criticalLast7Days, byAction, suspicious } = stats.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          Eventos (30 dias)
        </Text>
        <Text fw={700} fz={24}>
          {totalLast30Days}
        </Text>
        <Group gap={4} mt="xs">
          {byAction.slice(0, 6).map((row) => (
            <Badge key={row.action} variant="light" tt="none" color={AUDIT_ACTION_COLORS[row.action] ?? "violet"}>
              {auditLabel(AUDIT_ACTION_LABELS, row.action)}: {row.count}
            </Badge>
          ))}
        </Group>
      </Card>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          Ações críticas (7 dias)
        </Text>
        <Text fw={700} fz={24} c={criticalLast7Days > 0 ? "red" : undefined}>
          {criticalLast7Days}
        </Text>
        <Text size="xs" c="dimmed">
          {CRITICAL_ACTIONS_TEXT}
        </Text>
      </Card>
      <Card withBorder>
        <Text size="sm" c="dimmed" mb={4}>
          Atividades suspeitas
        </Text>
        {suspicious.length === 0 && <Text size="sm">Nenhuma atividade suspeita</Text>}
        <Stack gap={6}>
          {suspicious.map((row) => (
            <Group key={row.id} gap={8} wrap="nowrap" align="flex-start">
              <ActionBadge action={row.action} />
              <div style={{ minWidth: 0 }}>
                <Text size="xs" truncate>
                  {userLabel(row)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(row.createdAt)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

function CleanupCard() {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number | string>(90);
  const cleanup = useMutation({
    mutationFn: () => api<{ removed: number }>("/api/audit-logs/cleanup", { body: { days } }),
    onSuccess: () => {
      notifications.show({ title: "Sucesso", message: AUDIT_MESSAGES.cleaned, color: "green" });
      queryClient.invalidateQueries({ queryKey: ["audit"] });
    },
    onError: () => notifications.show({ title: "Erro", message: AUDIT_MESSAGES.cleanupFailed, color: "red" }),
  });
  return (
    <Card withBorder>
      <Title order={5}>Limpar logs antigos</Title>
      <Group align="flex-end" mt="xs">
        <NumberInput label="Remover logs com mais de (dias)" min={1} max={3650} value={days} onChange={setDays} />
        <Button color="red" variant="light" loading={cleanup.isPending} onClick={() => cleanup.mutate()}>
          Limpar logs
        </Button>
      </Group>
    </Card>
  );
}

/** The audit log: filters, statistics, suspicious activity; cleanup for super admins (spec §2.7, §9). */
export default function AuditTab() {
  const me = useMe();
  const isPhone = useIsPhone();
  const [applied, setApplied] = useState<Filters>(EMPTY_FILTERS);
  const form = useForm<Filters>({ initialValues: EMPTY_FILTERS, validate: zodValidate(auditFilterSchema) });
  const logs = useQuery({
    queryKey: ["audit", "logs", applied],
    queryFn: () => api<AuditLogRow[]>(`/api/audit-logs${toQuery(applied)}`),
  });

  return (
    <Stack>
      <Title order={3}>Auditoria</Title>
      <StatsCards />
      <Card withBorder>
        <form noValidate onSubmit={form.onSubmit((values) => setApplied(values))}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput label="Busca" placeholder="Ação, recurso, e-mail..." {...form.getInputProps("search")} />
            <TextInput label="Ação" placeholder="login, create..." {...form.getInputProps("action")} />
            <TextInput
              label="Tipo de recurso"
              placeholder="agencies, user..."
              {...form.getInputProps("resourceType")}
            />
            <TextInput label="ID do usuário" {...form.getInputProps("userId")} />
            <TextInput label="Endereço IP" {...form.getInputProps("ipAddress")} />
            <TextInput label="De" type="datetime-local" {...form.getInputProps("from")} />
            <TextInput label="Até" type="datetime-local" {...form.getInputProps("to")} />
            <Group align="flex-end">
              <Button type="submit">Filtrar</Button>
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setApplied(EMPTY_FILTERS);
                }}
              >
                Limpar filtros
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Card>
      {logs.isPending && <Loader role="status" aria-label="Carregando logs" />}
      {logs.isError && <Text c="red">Erro ao carregar logs: {logs.error.message}</Text>}
      {logs.isSuccess && logs.data.length === 0 && <Text c="dimmed">{AUDIT_MESSAGES.empty}</Text>}
      {logs.isSuccess &&
        logs.data.length > 0 &&
        (isPhone ? <AuditLogCards rows={logs.data} /> : <AuditLogTable rows={logs.data} />)}
      {me.data?.user.isSuperAdmin && <CleanupCard />}
    </Stack>
  );
}
