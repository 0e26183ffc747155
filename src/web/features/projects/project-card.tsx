import { Badge, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PROJECT_STATUS_LABELS, type ProjectSummary } from "#domain/schemas/projects.ts";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { LabelledFigure } from "./labelled-figure.tsx";
import { STATUS_COLORS } from "./project-labels.ts";
import { HoursProgress, TasksProgress } from "./project-progress.tsx";

/** The project's name, linking to its page, over its client's. */
export function ProjectName({ project: p }: { project: ProjectSummary }) {
  return (
    <Stack gap={0}>
      <Text component={Link} to={`/app/projetos/visao-geral/${p.id}`} fw={600} c="blue">
        {p.name}
      </Text>
      <Text size="xs" c="dimmed">
        {p.company?.name ?? "Sem cliente"}
      </Text>
    </Stack>
  );
}

/** A project on a phone: the list table's columns stacked, so none is cut or off-screen. */
export function ProjectCard({ project: p }: { project: ProjectSummary }) {
  return (
    <Card withBorder data-testid="project-row">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ProjectName project={p} />
          <Badge color={STATUS_COLORS[p.status]} variant="light" style={{ flexShrink: 0 }}>
            {PROJECT_STATUS_LABELS[p.status]}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <LabelledFigure label="Tarefas">
            <TasksProgress project={p} />
          </LabelledFigure>
          <LabelledFigure label="Horas">
            <HoursProgress project={p} />
          </LabelledFigure>
          <LabelledFigure label="Orçamento">{formatMoney(p.budgetCents / 100)}</LabelledFigure>
          <LabelledFigure label="Entrega">{p.dueDate ? formatDate(p.dueDate) : "—"}</LabelledFigure>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
