import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import type { TimesheetView } from "#domain/schemas/time-entries.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useIsPhone } from "../crm/record-cells.tsx";
import { formatMinutes } from "../projects/project-labels.ts";
import { usePeople } from "../projects/use-projects.ts";
import { useApproveEntries, useTimesheet } from "./use-time.ts";

const DAY = 86_400_000;
const WEEKDAYS = ["Seg", "Ter", "Qua", "Qui", "Sex", "Sáb", "Dom"];
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function mondayOf(date: Date) {
  const d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  return isoDay(new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY));
}

/**
 * A person's week with totals per day: one's own, or, for whoever the server lets choose
 * (canChoosePerson), a team member's, approved from here when the server allows (canApprove).
 */
export function WeeklySheet() {
  const [week, setWeek] = useState(() => mondayOf(new Date()));
  const [personId, setPersonId] = useState<string | null>(null);
  const sheet = useTimesheet(week, personId ?? undefined);
  const shift = (days: number) => setWeek(isoDay(new Date(Date.parse(`${week}T00:00:00Z`) + days * DAY)));
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={3} size="h4">
          Semana de {new Date(`${week}T12:00:00Z`).toLocaleDateString("pt-BR")}
        </Title>
        <Group gap="xs" align="flex-end">
          {sheet.data?.canChoosePerson && <PersonSelect value={personId ?? sheet.data.userId} onChange={setPersonId} />}
          <Button variant="default" size="xs" onClick={() => shift(-7)}>
            Semana anterior
          </Button>
          <Button variant="default" size="xs" onClick={() => shift(7)}>
            Próxima semana
          </Button>
        </Group>
      </Group>
      {sheet.isLoading ? (
        <Loader role="status" aria-label="Carregando semana" />
      ) : sheet.isError || !sheet.data ? (
        <Alert color="red">Não foi possível carregar a semana.</Alert>
      ) : (
        <WeekBody sheet={sheet.data} />
      )}
    </Card>
  );
}

function PersonSelect({ value, onChange }: { value: string; onChange: (personId: string | null) => void }) {
  const people = usePeople();
  return (
    <Select
      label="Pessoa"
      size="xs"
      searchable
      allowDeselect={false}
      data={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
      value={people.data ? value : null}
      onChange={onChange}
    />
  );
}

function WeekBody({ sheet }: { sheet: TimesheetView }) {
  const approve = useApproveEntries();
  const pending = sheet.entries.filter((e) => e.endedAt && !e.approvedAt).map((e) => e.id);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 4, sm: 8 }} data-testid="timesheet-days">
        {sheet.days.map((d, i) => (
          <Card key={d.date} withBorder padding="xs">
            <Text size="xs" c="dimmed">
              {WEEKDAYS[i]} {d.date.slice(8, 10)}/{d.date.slice(5, 7)}
            </Text>
            <Text fw={600}>{formatMinutes(d.minutes)}</Text>
          </Card>
        ))}
        <Card withBorder padding="xs" bg="blue.0">
          <Text size="xs" c="dimmed">
            Total
          </Text>
          <Text fw={700} data-testid="timesheet-total">
            {formatMinutes(sheet.totalMinutes)}
          </Text>
        </Card>
      </SimpleGrid>
      {sheet.entries.length === 0 ? (
        <Text c="dimmed">Nenhuma hora lançada nesta semana.</Text>
      ) : (
        <Entries sheet={sheet} />
      )}
      {sheet.canApprove && pending.length > 0 && (
        <Group justify="flex-end">
          <Button variant="light" loading={approve.isPending} onClick={() => approve.mutate(pending)}>
            Aprovar {pending.length} lançamento(s)
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type Entry = TimesheetView["entries"][number];

function EntryStatus({ entry: e }: { entry: Entry }) {
  return (
    <Badge variant="light" color={e.invoiced ? "grape" : e.approvedAt ? "green" : "gray"} style={{ flexShrink: 0 }}>
      {e.invoiced ? "Faturado" : e.approvedAt ? "Aprovado" : "Pendente"}
    </Badge>
  );
}

const duration = (e: Entry) => (e.endedAt ? formatMinutes(e.minutes) : "Em andamento");
const what = (e: Entry) => e.taskTitle ?? e.description ?? "—";

/** The week's entries: a table, or on a phone one card each so the status is never off-screen. */
function Entries({ sheet }: { sheet: TimesheetView }) {
  return useIsPhone() ? <EntryCards entries={sheet.entries} /> : <EntryTable entries={sheet.entries} />;
}

function EntryTable({ entries }: { entries: Entry[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Início</Table.Th>
            <Table.Th>Projeto</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>Duração</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDateTime(e.startedAt)}</Table.Td>
              <Table.Td>{e.projectName}</Table.Td>
              <Table.Td>{what(e)}</Table.Td>
              <Table.Td>{duration(e)}</Table.Td>
              <Table.Td>
                <EntryStatus entry={e} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EntryCards({ entries }: { entries: Entry[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Lançamentos da semana">
      {entries.map((e) => (
        <Card key={e.id} withBorder padding="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600}>
              {e.projectName}
            </Text>
            <EntryStatus entry={e} />
          </Group>
          <Text size="sm">{what(e)}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(e.startedAt)} · {duration(e)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
