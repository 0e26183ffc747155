import { okSchema } from "#domain/schemas/projects.ts";
import {
  commentsSchema,
  createCommentSchema,
  createTaskSchema,
  moveTaskSchema,
  TASK_MESSAGES as M,
  taskBoardQuerySchema,
  taskBoardSchema,
  taskColumnQuerySchema,
  taskCreatedSchema,
  taskListQuerySchema,
  taskMovedSchema,
  taskSchema,
  tasksSchema,
  updateTaskSchema,
} from "#domain/schemas/tasks.ts";
import { uuidParam } from "../../http/params.ts";
import { defineRoute, needs } from "../../http/route.ts";
import { withCaller } from "../projects/delivery-scope.ts";
import { createTask } from "./create-task.ts";
import { deleteTask } from "./delete-task.ts";
import { findTaskOr404 } from "./find-task.ts";
import { listTasks } from "./list-tasks.ts";
import { loadTaskBoard, loadTaskColumn } from "./load-task-board.ts";
import { moveTask } from "./move-task.ts";
import { addTaskComment, listTaskComments } from "./task-comments.ts";
import { updateTask } from "./update-task.ts";

const MODULE = "projetos_tarefas";

/** Projetos › Tarefas: list, Kanban, "minhas tarefas", comments (issue 17 §2). */
export const taskRoutes = [
  defineRoute({
    method: "GET",
    path: "/api/tasks",
    access: needs(MODULE, "view"),
    query: taskListQuerySchema,
    response: tasksSchema,
    summary: "Lista tarefas por projeto, responsável, status, prioridade ou prazo: 50 por página, por prazo",
    handler: ({ user, tenant, query, deps }) =>
      tenant(withCaller(user, MODULE)((tx, caller) => listTasks(tx, caller, query, deps.now()))),
  }),
  defineRoute({
    method: "GET",
    path: "/api/tasks/board",
    access: needs(MODULE, "view"),
    query: taskBoardQuerySchema,
    response: taskBoardSchema,
    summary: "Quadro de tarefas: 50 primeiros cartões de cada coluna, por posição, e a contagem de cada uma",
    handler: ({ user, tenant, query, deps }) =>
      tenant(withCaller(user, MODULE)((tx, caller) => loadTaskBoard(tx, caller, query, deps.now()))),
  }),
  defineRoute({
    method: "GET",
    path: "/api/tasks/board/column",
    access: needs(MODULE, "view"),
    query: taskColumnQuerySchema,
    response: tasksSchema,
    summary: "Próximos cartões de uma coluna do quadro de tarefas",
    handler: ({ user, tenant, query, deps }) =>
      tenant(withCaller(user, MODULE)((tx, caller) => loadTaskColumn(tx, caller, query, deps.now()))),
  }),
  defineRoute({
    method: "POST",
    path: "/api/tasks",
    access: needs(MODULE, "create"),
    body: createTaskSchema,
    response: taskCreatedSchema,
    summary: "Cria uma tarefa (responsáveis notificados)",
    handler: async ({ user, tenant, body, c }) =>
      c.json(await tenant(withCaller(user, MODULE)((tx, caller) => createTask(tx, caller, body))), 201),
  }),
  defineRoute({
    method: "GET",
    path: "/api/tasks/:taskId",
    access: needs(MODULE, "view"),
    response: taskSchema,
    summary: "Uma tarefa",
    handler: ({ user, tenant, params, deps }) => {
      const taskId = uuidParam(params, "taskId", M.notFound);
      return tenant(withCaller(user, MODULE)((tx, caller) => findTaskOr404(tx, caller, taskId, deps.now())));
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/api/tasks/:taskId",
    access: needs(MODULE, "edit"),
    body: updateTaskSchema,
    response: okSchema,
    summary: "Altera uma tarefa (concluir uma recorrente cria a próxima)",
    handler: async ({ user, tenant, params, body, deps }) => {
      const taskId = uuidParam(params, "taskId", M.notFound);
      await tenant(withCaller(user, MODULE)((tx, caller) => updateTask(tx, caller, taskId, body, deps.now())));
      return { success: true as const, message: "Tarefa atualizada." };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/tasks/:taskId/move",
    access: needs(MODULE, "edit"),
    body: moveTaskSchema,
    response: taskMovedSchema,
    summary: "Move uma tarefa no quadro (coluna e posição entre vizinhas)",
    handler: ({ user, tenant, params, body, deps }) => {
      const taskId = uuidParam(params, "taskId", M.notFound);
      return tenant(withCaller(user, MODULE)((tx, caller) => moveTask(tx, caller, taskId, body, deps.now())));
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/tasks/:taskId",
    access: needs(MODULE, "delete"),
    response: okSchema,
    summary: "Exclui uma tarefa",
    handler: async ({ user, tenant, params, deps }) => {
      const taskId = uuidParam(params, "taskId", M.notFound);
      await tenant(withCaller(user, MODULE)((tx, caller) => deleteTask(tx, caller, taskId, deps.now())));
      return { success: true as const, message: "Tarefa excluída." };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/tasks/:taskId/comments",
    access: needs(MODULE, "view"),
    response: commentsSchema,
    summary: "Comentários de uma tarefa",
    handler: async ({ user, tenant, params, deps }) => {
      const taskId = uuidParam(params, "taskId", M.notFound);
      return {
        comments: await tenant(
          withCaller(user, MODULE)((tx, caller) => listTaskComments(tx, caller, taskId, deps.now())),
        ),
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/tasks/:taskId/comments",
    access: needs(MODULE, "edit"),
    body: createCommentSchema,
    response: taskCreatedSchema,
    summary: "Comenta uma tarefa (@menções notificadas)",
    handler: async ({ user, tenant, params, body, deps, c }) => {
      const taskId = uuidParam(params, "taskId", M.notFound);
      return c.json(
        await tenant(withCaller(user, MODULE)((tx, caller) => addTaskComment(tx, caller, taskId, body, deps.now()))),
        201,
      );
    },
  }),
];
