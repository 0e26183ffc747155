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
  dependencyLoop: "Dependência circular: uma das tarefas escolhidas já depende desta.",
  versionConflict: "Esta tarefa foi alterada por outra pessoa. Confira a versão atual e refaça sua alteração.",
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

/**
 * An edit; `version` is the task's version the editor saw (the screen always sends it): an edit
 * made on an older one is refused with 409 instead of overwriting someone else's change.
 */
export const updateTaskSchema = z.object({
  ...taskFields,
  projectId: taskFields.projectId.optional(),
  title: taskFields.title.optional(),
  version: z.number().int().min(1).optional(),
});
export type UpdateTaskBody = z.output<typeof updateTaskSchema>;

/** A drop on the board: the column and the neighbours it landed between (ids, or null at an end). */
export const moveTaskSchema = z.object({
  status: z.enum(TASK_STATUSES, { error: "Status inválido" }),
  afterId: z.uuid().nullable(),
  beforeId: z.uuid().nullable(),
});
export type MoveTaskBody = z.output<typeof moveTaskSchema>;

/** Tasks on one page of a list or of a board column (keyset paging). */
export const TASK_PAGE_SIZE = 50;

/** The filters a list and a board share (the board splits by status itself). */
const taskFilterFields = {
  projectId: z.uuid().optional(),
  assigneeId: z.uuid().optional(),
  mine: z.enum(["true", "false"]).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  due: z.enum(["overdue", "week", "none"]).optional(),
};
const cursorField = z.string().max(200).optional();

/** A list page by due date (none last); `q` searches titles within one project (the dependency picker). */
export const taskListQuerySchema = z
  .object({
    ...taskFilterFields,
    status: z.enum(TASK_STATUSES).optional(),
    q: z.string().trim().max(100).optional(),
    cursor: cursorField,
  })
  .refine((query) => !query.q || query.projectId, { message: "Escolha um projeto para buscar.", path: ["q"] });
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** A board's first load: each column's first page and count (with a status, the others are empty). */
export const taskBoardQuerySchema = z.object({ ...taskFilterFields, status: z.enum(TASK_STATUSES).optional() });
export type TaskBoardQuery = z.output<typeof taskBoardQuerySchema>;

/** The next page of one board column, after its cursor. */
export const taskColumnQuerySchema = z.object({
  ...taskFilterFields,
  status: z.enum(TASK_STATUSES),
  cursor: cursorField,
});
export type TaskColumnQuery = z.output<typeof taskColumnQuerySchema>;

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
  /** What it waits for, with titles (the drawer names them without loading the project's tasks). */
  dependsOn: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Raised by every change (the edit's 409 on a stale copy). */
  version: z.number(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
export const tasksSchema = z.object({ tasks: z.array(taskSchema), nextCursor: z.string().nullable() });
export type TasksPage = z.infer<typeof tasksSchema>;

export const taskColumnSchema = z.object({
  status: z.enum(TASK_STATUSES),
  count: z.number().int(),
  tasks: z.array(taskSchema),
  nextCursor: z.string().nullable(),
});
export type TaskColumn = z.infer<typeof taskColumnSchema>;
export const taskBoardSchema = z.object({ columns: z.array(taskColumnSchema) });
export type TaskBoardData = z.infer<typeof taskBoardSchema>;

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
