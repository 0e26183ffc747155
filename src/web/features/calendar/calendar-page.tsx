import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  useMatches,
} from "@mantine/core";
import { IconCalendarPlus, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { CalendarItem } from "#domain/schemas/calendar.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { withoutParam } from "../projects/search-params.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { CalendarFeedPanel } from "./calendar-feed-panel.tsx";
import { MeetingFormModal } from "./meeting-form-modal.tsx";
import { useCalendarItems } from "./use-calendar.ts";

type View = "mes" | "semana" | "dia";
const DAY = 86_400_000;
const WEEKDAYS = ["Seg", "Ter", "Qua", "Qui", "Sex", "Sáb", "Dom"];
const KIND = {
  task: { label: "Tarefa", color: "blue" },
  milestone: { label: "Marco", color: "grape" },
  project_due: { label: "Entrega", color: "orange" },
  meeting: { label: "Reunião", color: "teal" },
} as const;

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const mondayOf = (d: Date) => new Date(startOfDay(d).getTime() - ((d.getDay() + 6) % 7) * DAY);
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
const hhmm = (iso: string) => new Date(iso).toLocaleTimeString("pt-BR", { hour: "2-digit", minute: "2-digit" });

/** The days the view shows: the month's weeks, one week, or one day. */
function daysOf(view: View, anchor: Date): Date[] {
  if (view === "dia") return [startOfDay(anchor)];
  if (view === "semana") return Array.from({ length: 7 }, (_, i) => new Date(mondayOf(anchor).getTime() + i * DAY));
  const first = mondayOf(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const days: Date[] = [];
  for (let d = first; d <= last || days.length % 7 !== 0; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1))
    days.push(d);
  return days;
}

/** Projetos › Calendário: task due dates, milestones, deliveries and meetings (issue 17 §3). */
export default function CalendarPage() {
  const screen = useCurrentScreen();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>("mes");
  const [anchor, setAnchor] = useState(() => new Date());
  const days = useMemo(() => daysOf(view, anchor), [view, anchor]);
  const from = days[0];
  const to = new Date(days[days.length - 1].getTime() + DAY);
  const items = useCalendarItems(from, to);
  const scheduling = params.get("agendar") === "1";
  const move = (dir: number) =>
    setAnchor((a) =>
      view === "mes"
        ? new Date(a.getFullYear(), a.getMonth() + dir, 1)
        : new Date(a.getTime() + dir * (view === "semana" ? 7 : 1) * DAY),
    );
  const label =
    view === "mes"
      ? anchor.toLocaleDateString("pt-BR", { month: "long", year: "numeric" })
      : view === "semana"
        ? `Semana de ${days[0].toLocaleDateString("pt-BR")}`
        : anchor.toLocaleDateString("pt-BR", { weekday: "long", day: "numeric", month: "long" });
  const title = label.charAt(0).toUpperCase() + label.slice(1);
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Calendário"
        description="Prazos, marcos, entregas e reuniões"
        actions={
          <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setParams({ agendar: "1" })}>
            Agendar
          </Button>
        }
      />
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => move(-1)} aria-label="Anterior">
            <IconChevronLeft size={16} />
          </Button>
          <Button variant="default" size="xs" onClick={() => setAnchor(new Date())}>
            Hoje
          </Button>
          <Button variant="default" size="xs" onClick={() => move(1)} aria-label="Próximo">
            <IconChevronRight size={16} />
          </Button>
          <Text fw={600}>{title}</Text>
        </Group>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: "mes", label: "Mês" },
            { value: "semana", label: "Semana" },
            { value: "dia", label: "Dia" },
          ]}
        />
      </Group>
      {items.isLoading ? (
        <Loader role="status" aria-label="Carregando calendário" />
      ) : items.isError ? (
        <Alert color="red">Não foi possível carregar o calendário.</Alert>
      ) : view === "dia" ? (
        <DayList items={(items.data ?? []).filter((i) => sameDay(new Date(i.startsAt), anchor))} />
      ) : (
        <Grid days={days} items={items.data ?? []} month={view === "mes" ? anchor.getMonth() : null} />
      )}
      <Stack mt="lg">
        <CalendarFeedPanel />
      </Stack>
      <MeetingFormModal opened={scheduling} onClose={() => setParams(withoutParam("agendar"), { replace: true })} />
    </SectionAccess>
  );
}

/**
 * The month as 7 narrow columns at any width (on a phone each entry is cut to its first letters;
 * its title says it whole, and the day view lists it); the week as 7 columns from sm, one day
 * under the other below. Nothing scrolls sideways.
 */
function Grid({ days, items, month }: { days: Date[]; items: CalendarItem[]; month: number | null }) {
  const today = new Date();
  const week = month === null;
  const cellPadding = useMatches({ base: 3, sm: 6 });
  return (
    <section aria-label="Dias do calendário">
      <SimpleGrid
        cols={week ? { base: 1, sm: 7 } : 7}
        spacing={{ base: 2, sm: 4 }}
        verticalSpacing={{ base: 2, sm: 4 }}
      >
        {WEEKDAYS.map((d) => (
          <Text key={d} size="xs" fw={600} c="dimmed" ta="center" visibleFrom={week ? "sm" : undefined}>
            {d}
          </Text>
        ))}
        {days.map((day) => {
          const mine = items.filter((i) => sameDay(new Date(i.startsAt), day));
          const outside = month !== null && day.getMonth() !== month;
          return (
            <Card
              key={day.toISOString()}
              withBorder
              padding={cellPadding}
              miw={0}
              mih={week ? { base: 56, sm: 200 } : { base: 64, sm: 96 }}
              // Days of the neighbouring months on grey, not faded: half opacity took their text below AA contrast.
              bg={sameDay(day, today) ? "blue.0" : outside ? "gray.1" : undefined}
            >
              <Text size="xs" fw={600} c={outside ? "dimmed" : undefined}>
                {week ? `${WEEKDAYS[(day.getDay() + 6) % 7]} ${day.getDate()}` : day.getDate()}
              </Text>
              <Stack gap={2}>
                {mine.map((item) => (
                  <Entry key={`${item.kind}-${item.id}`} item={item} />
                ))}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

function Entry({ item }: { item: CalendarItem }) {
  return (
    <Badge
      color={KIND[item.kind].color}
      variant="light"
      size="sm"
      radius="sm"
      fullWidth
      style={{ textTransform: "none", justifyContent: "flex-start" }}
      title={`${KIND[item.kind].label}: ${item.title}${item.projectName ? ` (${item.projectName})` : ""}`}
      data-testid="calendar-item"
    >
      {item.kind === "meeting" ? `${hhmm(item.startsAt)} ` : ""}
      {item.title}
    </Badge>
  );
}

function DayList({ items }: { items: CalendarItem[] }) {
  if (items.length === 0) return <Text c="dimmed">Nada marcado para este dia.</Text>;
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Card key={`${item.kind}-${item.id}`} withBorder padding="sm">
          <Group gap="sm">
            <Badge color={KIND[item.kind].color} variant="light">
              {KIND[item.kind].label}
            </Badge>
            <Text fw={600}>{item.title}</Text>
            <Text size="sm" c="dimmed">
              {item.kind === "meeting" && item.endsAt
                ? `${hhmm(item.startsAt)}–${hhmm(item.endsAt)}`
                : hhmm(item.startsAt)}
              {item.projectName ? ` · ${item.projectName}` : ""}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
