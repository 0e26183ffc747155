import { Button, Stack, Text } from "@mantine/core";
import type { Task } from "#domain/schemas/tasks.ts";
import { TaskCard } from "./task-card.tsx";
import type { useTaskList } from "./use-tasks.ts";

/** Tasks by due date, 50 at a time: "Carregar mais" fetches the next page after the last card. */
export function TaskList({ list, onOpen }: { list: ReturnType<typeof useTaskList>; onOpen(task: Task): void }) {
  const tasks = list.data?.pages.flatMap((p) => p.tasks) ?? [];
  if (tasks.length === 0) return <Text c="dimmed">Nenhuma tarefa encontrada.</Text>;
  return (
    <Stack gap="xs" maw={720}>
      {tasks.map((task) => (
        <TaskCard key={task.id} task={task} onOpen={onOpen} showProject />
      ))}
      {list.hasNextPage && (
        <Button
          variant="default"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          style={{ alignSelf: "center" }}
        >
          Carregar mais
        </Button>
      )}
      {list.isFetchNextPageError && (
        <Text c="red.8" size="sm" role="alert">
          Não foi possível carregar mais tarefas.
        </Text>
      )}
    </Stack>
  );
}
