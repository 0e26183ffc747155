import { Progress, Text } from "@mantine/core";
import type { ProjectSummary } from "#domain/schemas/projects.ts";
import { formatMinutes, percent } from "./project-labels.ts";

/** Done tasks of all, with a bar. */
export function TasksProgress({ project: p }: { project: ProjectSummary }) {
  return (
    <>
      <Text size="xs">
        {p.tasksDone}/{p.tasksTotal} concluídas
      </Text>
      <Progress value={percent(p.tasksDone, p.tasksTotal)} size="sm" aria-label="Tarefas concluídas" />
    </>
  );
}

/** Hours used, of the budgeted hours when there are some (red once over). */
export function HoursProgress({ project: p }: { project: ProjectSummary }) {
  return (
    <>
      <Text size="xs">
        {formatMinutes(p.minutesUsed)}
        {p.budgetHours > 0 ? ` de ${p.budgetHours}h` : ""}
      </Text>
      {p.budgetHours > 0 && (
        <Progress
          value={percent(p.minutesUsed, p.budgetHours * 60)}
          color={p.minutesUsed > p.budgetHours * 60 ? "red" : "teal"}
          size="sm"
          aria-label="Horas usadas do orçamento"
        />
      )}
    </>
  );
}
