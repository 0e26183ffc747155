import { z } from "zod";
import { personSchema } from "./projects.ts";

/** Board columns in order, with pt-BR labels (spec §7: pending, in_progress, review; plus done). */
export const TASK_STATUSES = ["pending", "in_progress", "review", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: "A fazer",
  in_progress: "Em andamento",
  review: "Em revisão",
  completed: "Concluída",
};

export const TASK_PRIORITIES = ["alta", "media", "baixa"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { alta: "Alta", media: "Média", baixa: "Baixa" };

export const TASK_RECURRENCES = ["weekly", "monthly"] as const;
export const TASK_RECURRENCE_LABELS = { weekly: "Semanal", monthly: "Mensal" } as const;

export const TASK_MESSAGES = {
  titleRequired: "Título da tarefa é obrigatório",
  notFound: "Tarefa não encontrada.",
  projectNotFound: "Projeto não encontrado.",
  assigneeNotFound: "Um dos responsáveis não pertence à agência.",
  dependencyNotFound: "Tarefa de dependência não encontrada.",
  dependencyCycle: "Uma tarefa não pode depender de si mesma.",
  commentRequired: "Escreva um comentário.",
  badPosition: "Posição inválida no quadro.",
  assigned: "Você foi atribuído a uma tarefa",
  mentioned: "Você foi mencionado em uma tarefa",
} as const;

/** Overdue: a due date before now, on a task not completed (spec §7). */
export function isTaskOverdue(task: { dueDate: string | null; status: string }, now: Date): boolean {
  return task.status !== "completed" && task.dueDate !== null && Date.parse(task.dueDate) < now.getTime();
}

const checklistItem = z.object({
  id: z.string().min(1).max(64),
  text: z.string().trim().min(1, "Item vazio").max(500),
  done: z.boolean(),
});

const taskFields = {
  projectId: z.uuid(TASK_MESSAGES.projectNotFound),
  title: z.string({ error: TASK_MESSAGES.titleRequired }).trim().min(1, TASK_MESSAGES.titleRequired).max(300),
  description: z.string().trim().max(10000).nullable().optional(),
  assigneeIds: z.array(z.uuid(TASK_MESSAGES.assigneeNotFound)).max(50).optional(),
  priority: z.enum(TASK_PRIORITIES, { error: "Prioridade inválida" }).optional(),
  status: z.enum(TASK_STATUSES, { error: "Status inválido" }).optional(),
  dueDate: z.iso.datetime({ offset: true, error: "Data inválida" }).nullable().optional(),
  checklist: z.array(checklistItem).max(200).optional(),
  recurrence: z.enum(TASK_RECURRENCES).nullable().optional(),
  milestone: z.boolean().optional(),
  dependsOnIds: z.array(z.uuid(TASK_MESSAGES.dependencyNotFound)).max(50).optional(),
};

export const createTaskSchema = z.object(taskFields);
export type CreateTaskBody = z.output<typeof createTaskSchema>;

export const updateTaskSchema = z.object({
  ...taskFields,
  projectId: taskFields.projectId.optional(),
  title: taskFields.title.optional(),
});
export type UpdateTaskBody = z.output<typeof updateTaskSchema>;

/** A drop on the board: the column and the neighbours it landed between (ids, or null at an end). */
export const moveTaskSchema = z.object({
  status: z.enum(TASK_STATUSES, { error: "Status inválido" }),
  afterId: z.uuid().nullable(),
  beforeId: z.uuid().nullable(),
});
export type MoveTaskBody = z.output<typeof moveTaskSchema>;

export const taskListQuerySchema = z.object({
  projectId: z.uuid().optional(),
  assigneeId: z.uuid().optional(),
  mine: z.enum(["true", "false"]).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  due: z.enum(["overdue", "week", "none"]).optional(),
  limit: z.coerce.number().int().min(1).max(2500).default(200),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** A comment and the people it @mentions (each notified; only members of the agency). */
export const createCommentSchema = z.object({
  body: z.string({ error: TASK_MESSAGES.commentRequired }).trim().min(1, TASK_MESSAGES.commentRequired).max(5000),
  mentionIds: z.array(z.uuid()).max(50).default([]),
});

export const taskSchema = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  position: z.string(),
  dueDate: z.string().nullable(),
  isOverdue: z.boolean(),
  milestone: z.boolean(),
  recurrence: z.enum(TASK_RECURRENCES).nullable(),
  assignees: z.array(personSchema),
  checklist: z.array(checklistItem),
  dependsOnIds: z.array(z.string()),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
export const tasksSchema = z.object({ tasks: z.array(taskSchema) });

export const commentSchema = z.object({
  id: z.string(),
  author: personSchema.nullable(),
  body: z.string(),
  mentions: z.array(z.string()),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof commentSchema>;
export const commentsSchema = z.object({ comments: z.array(commentSchema) });

/** A task or comment just created. */
export const taskCreatedSchema = z.object({ id: z.string() });
/** A task dropped on the board: the position key the server gave it. */
export const taskMovedSchema = z.object({ position: z.string() });
