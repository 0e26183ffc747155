import { z } from "zod";

/** Project statuses (issue 17) and their pt-BR labels. */
export const PROJECT_STATUSES = ["planejamento", "em_andamento", "pausado", "concluido", "cancelado"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planejamento: "Planejamento",
  em_andamento: "Em andamento",
  pausado: "Pausado",
  concluido: "Concluído",
  cancelado: "Cancelado",
};
/** Active project: status neither completed nor cancelled (spec §7). */
export const isActiveProjectStatus = (status: string) => status !== "concluido" && status !== "cancelado";

export const PROJECT_MESSAGES = {
  nameRequired: "Nome do projeto é obrigatório",
  notFound: "Projeto não encontrado.",
  companyNotFound: "Empresa cliente não encontrada.",
  memberNotFound: "Um dos membros não pertence à agência.",
  dueBeforeStart: "A data de entrega deve ser depois da data de início.",
  created: "Projeto criado com sucesso!",
  updated: "Projeto atualizado com sucesso!",
  deleted: "Projeto excluído.",
  hasTimeEntries: (count: number) =>
    `Este projeto tem ${count} ${count === 1 ? "lançamento de horas" : "lançamentos de horas"}. Confirme a exclusão: as horas lançadas continuam no histórico.`,
  dealNotFound: "Negócio não encontrado.",
  dealNotWon: "Só é possível criar um projeto a partir de um negócio ganho.",
  dealHasProject: "Este negócio já tem um projeto.",
  dealsNeedCrm: "Você não tem acesso aos negócios do CRM.",
  templateNotFound: "Modelo não encontrado.",
  templateNameRequired: "Nome do modelo é obrigatório",
  templateSaved: "Modelo salvo com sucesso!",
} as const;

const moneyCents = z.number().int("Valor inválido").min(0, "Valor inválido").max(1e13, "Valor inválido");
const hours = z.number().min(0, "Horas inválidas").max(100000, "Horas inválidas");
const optionalDate = z.iso.datetime({ offset: true, error: "Data inválida" }).nullable().optional();
const optionalText = (max: number) => z.string().trim().max(max, `Máximo de ${max} caracteres`).nullable().optional();

const projectFields = {
  name: z.string({ error: PROJECT_MESSAGES.nameRequired }).trim().min(1, PROJECT_MESSAGES.nameRequired).max(200),
  description: optionalText(5000),
  companyId: z.uuid("Empresa inválida").nullable().optional(),
  ownerId: z.uuid("Responsável inválido").nullable().optional(),
  memberIds: z.array(z.uuid("Membro inválido")).max(200).optional(),
  status: z.enum(PROJECT_STATUSES, { error: "Status inválido" }).optional(),
  startDate: optionalDate,
  dueDate: optionalDate,
  budgetCents: moneyCents.optional(),
  budgetHours: hours.optional(),
  hourlyRateCents: moneyCents.nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
};

/** A due date, when both are set, is not before the start date. */
export const datesInOrder = (v: { startDate?: string | null; dueDate?: string | null }) =>
  !v.startDate || !v.dueDate || Date.parse(v.dueDate) >= Date.parse(v.startDate);

export const createProjectSchema = z
  .object({ ...projectFields, templateId: z.uuid("Modelo inválido").nullable().optional() })
  .refine(datesInOrder, { message: PROJECT_MESSAGES.dueBeforeStart, path: ["dueDate"] });
export type CreateProjectBody = z.output<typeof createProjectSchema>;

export const updateProjectSchema = z
  .object({ ...projectFields, name: projectFields.name.optional() })
  .refine(datesInOrder, { message: PROJECT_MESSAGES.dueBeforeStart, path: ["dueDate"] });
export type UpdateProjectBody = z.output<typeof updateProjectSchema>;

export const projectFromDealSchema = z.object({ dealId: z.uuid(PROJECT_MESSAGES.dealNotFound) });

export const deleteProjectQuerySchema = z.object({ confirm: z.enum(["true", "false"]).optional() });

export const projectListQuerySchema = z.object({
  status: z.enum(PROJECT_STATUSES).optional(),
  companyId: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const saveTemplateSchema = z.object({
  name: z
    .string({ error: PROJECT_MESSAGES.templateNameRequired })
    .trim()
    .min(1, PROJECT_MESSAGES.templateNameRequired)
    .max(200),
  description: optionalText(2000),
});

export const personSchema = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

export const projectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  owner: personSchema.nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  budgetCents: z.number(),
  budgetHours: z.number(),
  tags: z.array(z.string()),
  tasksDone: z.number(),
  tasksTotal: z.number(),
  minutesUsed: z.number(),
  createdAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectsPageSchema = z.object({
  projects: z.array(projectSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ProjectsPage = z.infer<typeof projectsPageSchema>;

export const projectDetailSchema = projectSummarySchema.extend({
  description: z.string().nullable(),
  dealId: z.string().nullable(),
  hourlyRateCents: z.number().nullable(),
  members: z.array(personSchema),
  billableMinutes: z.number(),
  costCents: z.number(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const projectTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  taskCount: z.number(),
});
export type ProjectTemplate = z.infer<typeof projectTemplateSchema>;
export const projectTemplatesSchema = z.object({ templates: z.array(projectTemplateSchema) });

export const okSchema = z.object({ success: z.literal(true), message: z.string() });

/** A project (or a template) just created: its id and the toast's message. */
export const projectCreatedSchema = z.object({ id: z.string(), message: z.string() });
export const projectPeopleSchema = z.object({ people: z.array(z.object({ id: z.string(), name: z.string() })) });
/** Won deals that have no project yet (Novo projeto › a partir de uma oportunidade). */
export const wonDealsSchema = z.object({
  deals: z.array(
    z.object({ id: z.string(), name: z.string(), company: z.string().nullable(), valueCents: z.number() }),
  ),
});
/** Projetos › Clientes: each client company with its delivery figures. */
export const projectClientsSchema = z.object({
  clients: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      activeProjects: z.number(),
      minutesThisMonth: z.number(),
      openTasks: z.number(),
    }),
  ),
});
