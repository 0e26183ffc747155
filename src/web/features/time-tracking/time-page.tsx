import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCoin } from "@tabler/icons-react";
import { useState } from "react";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { REPORT_GROUPS } from "#domain/schemas/time-entries.ts";
import { useProjects } from "../projects/use-projects.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { HourlyRatesDrawer } from "./hourly-rates-drawer.tsx";
import { HoursChart } from "./hours-chart.tsx";
import { HoursReportRows, REPORT_GROUP_LABELS } from "./hours-report-rows.tsx";
import { useCreateEntry, useHoursReport, useStartTimer } from "./use-time.ts";
import { WeeklySheet } from "./weekly-sheet.tsx";

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function HourlyRatesButton() {
  const [opened, drawer] = useDisclosure(false);
  if (!usePermission("projetos_tempo", "edit").isAllowed) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconCoin size={16} />} onClick={drawer.open}>
        Valores por hora
      </Button>
      <HourlyRatesDrawer opened={opened} onClose={drawer.close} />
    </>
  );
}

/** Projetos › Tempo: timer, manual entries, weekly timesheet, approval, reports, CSV (issue 17 §4). */
export default function TimePage() {
  const screen = useCurrentScreen();
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Tempo"
        description="Cronômetro, folha de horas semanal e relatórios"
        actions={<HourlyRatesButton />}
      />
      <Tabs defaultValue="semana" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="semana">Minha semana</Tabs.Tab>
          <Tabs.Tab value="relatorios">Relatórios</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="semana">
          <Stack gap="lg">
            <TimerAndEntry />
            <WeeklySheet />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="relatorios">
          <Reports />
        </Tabs.Panel>
      </Tabs>
    </SectionAccess>
  );
}

function TimerAndEntry() {
  const projects = useProjects();
  const start = useStartTimer();
  const create = useCreateEntry();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [date, setDate] = useState(isoDay(new Date()));
  const [time, setTime] = useState("09:00");
  const [minutes, setMinutes] = useState<number | string>(60);
  const [description, setDescription] = useState("");
  const options = (projects.data?.pages.flatMap((p) => p.projects) ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Select
          label="Projeto"
          placeholder="Escolha um projeto"
          searchable
          data={options}
          value={projectId}
          onChange={setProjectId}
        />
        <TextInput label="Descrição" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Group>
          <Button
            disabled={!projectId}
            loading={start.isPending}
            onClick={() => projectId && start.mutate({ projectId, description: description || null })}
          >
            Iniciar cronômetro
          </Button>
        </Group>
        <Text fw={600} size="sm">
          Ou lance manualmente
        </Text>
        {/* Two by two on a phone: four in a row cut the day, the time and the button's label. */}
        <SimpleGrid cols={{ base: 2, sm: 4 }} style={{ alignItems: "end" }}>
          <TextInput type="date" label="Dia" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
          <TextInput type="time" label="Início" value={time} onChange={(e) => setTime(e.currentTarget.value)} />
          <NumberInput label="Duração (min)" min={1} value={minutes} onChange={setMinutes} />
          <Button
            variant="light"
            disabled={!projectId}
            loading={create.isPending}
            onClick={() =>
              projectId &&
              create.mutate({
                projectId,
                description: description || null,
                startedAt: new Date(`${date}T${time}:00`).toISOString(),
                durationMinutes: Number(minutes) || null,
              })
            }
          >
            Lançar horas
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Reports() {
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(isoDay(today));
  const [groupBy, setGroupBy] = useState("project");
  const report = useHoursReport(from, to, groupBy);
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput type="date" label="De" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="Até" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Select
          label="Agrupar por"
          value={groupBy}
          onChange={(v) => v && setGroupBy(v)}
          data={REPORT_GROUPS.map((group) => ({ value: group, label: REPORT_GROUP_LABELS[group] }))}
        />
        <Anchor href={`/api/time/export?${new URLSearchParams({ from, to, groupBy })}`} download>
          Exportar CSV
        </Anchor>
      </Group>
      {report.isLoading ? (
        <Loader role="status" aria-label="Carregando relatório" />
      ) : report.isError || !report.data ? (
        <Alert color="red">Não foi possível carregar o relatório.</Alert>
      ) : report.data.rows.length === 0 ? (
        <Text c="dimmed">Nenhuma hora no período.</Text>
      ) : (
        <>
          <HoursChart rows={report.data.rows} />
          <HoursReportRows rows={report.data.rows} groupBy={report.data.groupBy} />
        </>
      )}
    </Stack>
  );
}
