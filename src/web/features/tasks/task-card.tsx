import { Avatar, Badge, Card, Group, Stack, Text, Tooltip } from "@mantine/core";
import { type Task, TASK_PRIORITY_LABELS } from "#domain/schemas/tasks.ts";
import { formatDate } from "#web/lib/format.ts";

export const PRIORITY_COLORS = { alta: "red", media: "yellow", baixa: "gray" } as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");

/** One task: title, project, priority, due date (overdue flagged), assignees. */
export function TaskCard({
  task,
  onOpen,
  showProject = false,
}: {
  task: Task;
  onOpen?(task: Task): void;
  showProject?: boolean;
}) {
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="task-card"
      onClick={() => onOpen?.(task)}
      style={{ cursor: onOpen ? "pointer" : undefined }}
    >
      <Stack gap={6}>
        <Text fw={600} size="sm" lineClamp={2}>
          {task.title}
        </Text>
        {showProject && task.projectName && (
          <Text size="xs" c="dimmed">
            {task.projectName}
          </Text>
        )}
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Group gap={4}>
            <Badge size="xs" color={PRIORITY_COLORS[task.priority]} variant="light">
              {TASK_PRIORITY_LABELS[task.priority]}
            </Badge>
            {task.dueDate && (
              <Badge size="xs" variant={task.isOverdue ? "filled" : "outline"} color={task.isOverdue ? "red" : "gray"}>
                {task.isOverdue ? `Atrasada · ${formatDate(task.dueDate)}` : formatDate(task.dueDate)}
              </Badge>
            )}
          </Group>
          <Avatar.Group spacing="xs">
            {task.assignees.slice(0, 3).map((a) => (
              <Tooltip key={a.id} label={a.name}>
                <Avatar size="sm" radius="xl" color="blue" aria-label={a.name}>
                  {initials(a.name)}
                </Avatar>
              </Tooltip>
            ))}
          </Avatar.Group>
        </Group>
      </Stack>
    </Card>
  );
}
