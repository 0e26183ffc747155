import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { PriorityTask } from "#domain/schemas/dashboard.ts";
import { formatDate } from "#web/lib/format.ts";

const PRIORITY_BADGE: Record<string, { label: string; color: string }> = {
  alta: { label: "Alta", color: "red" },
  media: { label: "Média", color: "yellow" },
  baixa: { label: "Baixa", color: "gray" },
};

const STATUS_LABELS: Record<string, string> = {
  pending: "Pendente",
  in_progress: "Em andamento",
  review: "Em revisão",
};

export function PriorityTasks({ tasks }: { tasks: PriorityTask[] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        Tarefas Prioritárias
      </Title>
      {tasks.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma tarefa pendente. Bom trabalho!
        </Text>
      ) : (
        <Stack gap="sm">
          {tasks.map((task) => {
            const priority = PRIORITY_BADGE[task.priority] ?? { label: task.priority, color: "gray" };
            return (
              <Group
                key={task.id}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                align="flex-start"
                data-testid="priority-task"
              >
                <div style={{ minWidth: 0, flex: "1 1 200px" }}>
                  <Text size="sm" fw={500} truncate>
                    {task.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {[task.projectName, STATUS_LABELS[task.status] ?? task.status].filter(Boolean).join(" · ")}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap">
                  {task.isOverdue && (
                    <Badge color="red" variant="filled" size="sm">
                      Atrasada
                    </Badge>
                  )}
                  <Badge color={priority.color} variant="light" size="sm">
                    {priority.label}
                  </Badge>
                  <Text size="xs" c={task.isOverdue ? "red.8" : "dimmed"} style={{ whiteSpace: "nowrap" }}>
                    {task.dueDate ? `Prazo: ${formatDate(task.dueDate)}` : "Sem prazo"}
                  </Text>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
