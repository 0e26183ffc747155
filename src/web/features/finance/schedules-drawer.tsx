import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import { SCHEDULE_FREQUENCIES, SCHEDULE_FREQUENCY_LABELS, scheduleBodySchema } from "#domain/schemas/finance.ts";
import { formatDateBr, todayIso } from "./dates.ts";
import { MoneyInput } from "./money-input.tsx";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import {
  type Schedule,
  useClients,
  useCreateSchedule,
  useDefaultIssPercent,
  useEndSchedule,
  useSchedules,
} from "./use-finance.ts";
import { DateField, IssRateField } from "./date-field.tsx";

function ScheduleForm() {
  const clients = useClients();
  const create = useCreateSchedule();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [description, setDescription] = useState("");
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const [frequency, setFrequency] = useState<string>("mensal");
  const [dayOfMonth, setDayOfMonth] = useState("5");
  const [startDate, setStartDate] = useState(todayIso());
  // Untouched, the ISS follows the agency's default, which may arrive after the form opens.
  const defaultIss = useDefaultIssPercent();
  const [issPercent, setIssPercent] = useState<number | null>(null);
  const [issWithheld, setIssWithheld] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = scheduleBodySchema.safeParse({
      companyId,
      description,
      amountCents: amountCents ?? 0,
      frequency,
      dayOfMonth: Number(dayOfMonth),
      startDate,
      issRateBp: Math.round((issPercent ?? defaultIss) * 100),
      issWithheld,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDescription("");
        setAmountCents(null);
      },
    });
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Select
          label="Cliente"
          required
          searchable
          placeholder="Escolha o cliente"
          data={(clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={companyId}
          onChange={setCompanyId}
        />
        <TextInput
          label="Serviço"
          required
          placeholder="Gestão de redes sociais"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group grow align="flex-end" wrap="wrap">
          <MoneyInput label="Valor" required cents={amountCents} onCents={setAmountCents} miw={130} />
          <Select
            label="Frequência"
            data={SCHEDULE_FREQUENCIES.map((value) => ({ value, label: SCHEDULE_FREQUENCY_LABELS[value] }))}
            value={frequency}
            onChange={(value) => value && setFrequency(value)}
            allowDeselect={false}
            miw={130}
          />
          <Select
            label="Dia da emissão"
            data={Array.from({ length: 28 }, (_, i) => String(i + 1))}
            value={dayOfMonth}
            onChange={(value) => value && setDayOfMonth(value)}
            allowDeselect={false}
            miw={110}
          />
          <DateField label="Início" required value={startDate} onChange={setStartDate} miw={150} />
        </Group>
        <Group align="flex-end" gap="sm">
          <IssRateField value={issPercent ?? defaultIss} onChange={setIssPercent} w={110} />
          <Checkbox
            label="ISS retido pelo cliente"
            checked={issWithheld}
            onChange={(e) => setIssWithheld(e.currentTarget.checked)}
            mb={8}
          />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending}>
            Criar recorrência
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** "5% retido", "2,5%", "—" without ISS. */
function issLabel(schedule: Schedule): string {
  if (schedule.issRateBp === 0) return "—";
  const percent = (schedule.issRateBp / 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 });
  return `${percent}%${schedule.issWithheld ? " retido" : ""}`;
}

/** Retainers: an invoice issued by the background job on day N of each month or quarter. */
export function SchedulesDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const schedules = useSchedules(opened);
  const end = useEndSchedule();
  const [ending, setEnding] = useState<Schedule | null>(null);
  const rows = schedules.data?.schedules ?? [];
  return (
    <Drawer opened={opened} onClose={onClose} title="Faturas recorrentes" position="right" size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Cada recorrência emite uma fatura no dia escolhido de cada mês ou trimestre, automaticamente, uma única vez
          por período.
        </Text>
        <ScheduleForm />
        {schedules.isLoading ? (
          <Center p="xl">
            <Loader size="sm" role="status" aria-label="Carregando recorrências" />
          </Center>
        ) : schedules.isError ? (
          <Alert color="red">Não foi possível carregar as recorrências.</Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            Nenhuma fatura recorrente. Crie a primeira acima.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Serviço</Table.Th>
                  <Table.Th>Emissão</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th>ISS</Table.Th>
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.client.name}</Table.Td>
                    <Table.Td>{s.description}</Table.Td>
                    <Table.Td>
                      {SCHEDULE_FREQUENCY_LABELS[s.frequency]}, dia {s.dayOfMonth}
                      <Text size="xs" c="dimmed">
                        desde {formatDateBr(s.startDate)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(s.amountCents)}</Table.Td>
                    <Table.Td>{issLabel(s)}</Table.Td>
                    <Table.Td>
                      {s.active ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          aria-label={`Encerrar a recorrência de ${s.client.name}: ${s.description}`}
                          onClick={() => setEnding(s)}
                        >
                          Encerrar
                        </Button>
                      ) : (
                        <Badge color="gray" variant="light">
                          Encerrada
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmModal
        title="Encerrar fatura recorrente"
        opened={ending !== null}
        confirmLabel="Encerrar"
        color="red"
        isBusy={end.isPending}
        onClose={() => setEnding(null)}
        onConfirm={() => ending && end.mutate(ending.id, { onSuccess: () => setEnding(null) })}
      >
        Nenhuma nova fatura de “{ending?.description}” para {ending?.client.name} será emitida. As faturas já emitidas
        continuam valendo.
      </ConfirmModal>
    </Drawer>
  );
}
