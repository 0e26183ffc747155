import { Button, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createMeetingSchema } from "#domain/schemas/calendar.ts";
import { usePeople, useProjects } from "../projects/use-projects.ts";
import { useCreateMeeting } from "./use-calendar.ts";

type Values = {
  title: string;
  date: string;
  start: string;
  end: string;
  attendeeIds: string[];
  projectId: string | null;
  location: string;
  description: string;
};

const toBody = (v: Values) => ({
  title: v.title,
  startsAt: v.date && v.start ? new Date(`${v.date}T${v.start}:00`).toISOString() : "",
  endsAt: v.date && v.end ? new Date(`${v.date}T${v.end}:00`).toISOString() : "",
  attendeeIds: v.attendeeIds,
  projectId: v.projectId,
  location: v.location || null,
  description: v.description || null,
});

/** "Agendar": a meeting on the attendees' calendars and on the linked project's timeline. */
export function MeetingFormModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const people = usePeople();
  const projects = useProjects();
  const create = useCreateMeeting();
  const form = useForm<Values>({
    initialValues: {
      title: "",
      date: new Date().toISOString().slice(0, 10),
      start: "10:00",
      end: "11:00",
      attendeeIds: [],
      projectId: null,
      location: "",
      description: "",
    },
    validate: (values) => {
      const parsed = createMeetingSchema.safeParse(toBody(values));
      return parsed.success
        ? {}
        : Object.fromEntries(
            parsed.error.issues.map((i) => [
              String(i.path[0] === "endsAt" ? "end" : i.path[0] === "startsAt" ? "start" : (i.path[0] ?? "title")),
              i.message,
            ]),
          );
    },
  });
  const submit = form.onSubmit(async (values) => {
    const ok = await create.mutateAsync(createMeetingSchema.parse(toBody(values))).catch(() => null);
    if (!ok) return;
    form.reset();
    onClose();
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Agendar reunião" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Título" required data-autofocus {...form.getInputProps("title")} />
          <Group grow>
            <TextInput type="date" label="Dia" {...form.getInputProps("date")} />
            <TextInput type="time" label="Início" {...form.getInputProps("start")} />
            <TextInput type="time" label="Fim" {...form.getInputProps("end")} />
          </Group>
          <MultiSelect
            label="Participantes"
            searchable
            data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            {...form.getInputProps("attendeeIds")}
          />
          <Select
            label="Projeto"
            placeholder="Nenhum"
            clearable
            searchable
            data={(projects.data?.pages.flatMap((p) => p.projects) ?? []).map((p) => ({ value: p.id, label: p.name }))}
            {...form.getInputProps("projectId")}
          />
          <TextInput label="Local ou link" {...form.getInputProps("location")} />
          <Textarea label="Pauta" autosize minRows={2} {...form.getInputProps("description")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Agendar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
