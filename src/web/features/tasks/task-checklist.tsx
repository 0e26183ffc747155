import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import type { Task } from "#domain/schemas/tasks.ts";
import { useUpdateTask } from "./use-tasks.ts";

type Item = Task["checklist"][number];

/**
 * A task's checklist: tick, add and remove items; each change saves the whole list, made from the
 * version shown (someone else's change in between: 409, the task reloads, nothing is lost).
 */
export function TaskChecklist({ task }: { task: Task }) {
  const update = useUpdateTask();
  const [text, setText] = useState("");
  // Resolves whether it saved; on failure the mutation has already told the user why.
  const save = (checklist: Item[]) =>
    update.mutateAsync({ task, body: { checklist } }).then(
      () => true,
      () => false,
    );
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void save([...task.checklist, { id: crypto.randomUUID(), text: text.trim(), done: false }]).then((saved) => {
      if (saved) setText(""); // otherwise the text stays, to try again
    });
  };
  const done = task.checklist.filter((i) => i.done).length;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Checklist {task.checklist.length > 0 && `(${done}/${task.checklist.length})`}
      </Text>
      {task.checklist.map((item) => (
        <Group key={item.id} gap="xs" wrap="nowrap" justify="space-between">
          <Checkbox
            label={item.text}
            checked={item.done}
            onChange={(e) =>
              void save(task.checklist.map((i) => (i.id === item.id ? { ...i, done: e.currentTarget.checked } : i)))
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remover item ${item.text}`}
            onClick={() => void save(task.checklist.filter((i) => i.id !== item.id))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <form onSubmit={add}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            flex={1}
            size="xs"
            label="Novo item"
            placeholder="Ex.: revisar textos"
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button type="submit" size="xs" variant="light" loading={update.isPending} disabled={!text.trim()}>
            Adicionar
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
