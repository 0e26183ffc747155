import { z } from "zod";
import { documentKey, isValidDocument } from "../br-documents.ts";
import { toE164 } from "../crm/phone.ts";
import { calendarDateField } from "./calendar-date-field.ts";
import { TIMELINE_KIND_LABELS } from "../timeline-kinds.ts";

/** Texts of the CRM (spec §2.10, issue 16). */
export const CRM_MESSAGES = {
  contactNotFound: "Contato não encontrado.",
  companyNotFound: "Empresa não encontrada.",
  dealNotFound: "Oportunidade não encontrada.",
  stageNotFound: "Etapa não encontrada.",
  fieldNotFound: "Campo personalizado não encontrado.",
  importNotFound: "Importação não encontrada.",
  viewNotFound: "Visualização não encontrada.",
  nameRequired: "Informe o nome.",
  titleRequired: "Informe o título da oportunidade.",
  invalidEmail: "E-mail inválido.",
  invalidPhone: "Telefone inválido. Use DDD e número, ex.: (11) 98765-4321.",
  invalidDocument: "CPF ou CNPJ inválido: confira os dígitos.",
  invalidState: "UF inválida.",
  invalidStatus: "Status inválido.",
  invalidValue: "Valor inválido.",
  invalidDate: "Data inválida.",
  lostReasonRequired: "Informe o motivo da perda.",
  versionConflict: "Este registro foi alterado por outra pessoa. Recarregue a página e tente novamente.",
  ownerNotMember: "O responsável precisa ser um usuário da agência.",
  ownerOutOfScope: "Seu perfil só acessa os próprios registros: você precisa ser o responsável.",
  invalidRecordKind: "Tipo de registro inválido: use contacts, companies ou deals.",
  mergeSame: "Escolha dois contatos diferentes para mesclar.",
  contactCreated: "Contato criado com sucesso!",
  contactUpdated: "Contato atualizado com sucesso!",
  contactDeleted: "Contato excluído. Você pode desfazer em até 30 dias.",
  restored: "Registro restaurado.",
  restoreExpired: "O prazo de 30 dias para desfazer a exclusão terminou.",
  dealCreated: "Oportunidade criada com sucesso!",
  customFieldInvalid: "Valor inválido no campo personalizado",
  csvTooLarge: "O arquivo excede 50 MB.",
  csvEmpty: "O arquivo não tem linhas para importar.",
  csvNotCsv: "O arquivo não parece ser um CSV válido.",
  csvTooManyRows: "O arquivo excede 100.000 linhas.",
  csvNameColumn: "Mapeie uma coluna para o campo Nome.",
  duplicateContact: "Já existe um contato com este e-mail, telefone ou documento.",
  duplicateContactHidden:
    "Já existe um contato com este e-mail, telefone ou documento na agência (de outro responsável).",
  duplicateCompany: "Já existe uma empresa com este CNPJ.",
  duplicateCompanyHidden: "Já existe uma empresa com este CNPJ na agência (de outro responsável).",
} as const;

export const CONTACT_STATUSES = ["lead", "cliente", "ativo", "inativo"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  lead: "lead",
  cliente: "cliente",
  ativo: "ativo",
  inativo: "inativo",
};

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullish();

/** A phone as typed, stored E.164; empty means none. */
export const phoneField = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const e164 = toE164(v);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: CRM_MESSAGES.invalidPhone });
      return z.NEVER;
    }
    return e164;
  });

/**
 * CPF or CNPJ as typed, stored as its digits (and an alphanumeric CNPJ's letters, upper case)
 * after the check digits pass; empty means none.
 */
export const documentField = z
  .string()
  .trim()
  .max(30)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!isValidDocument(v)) {
      ctx.addIssue({ code: "custom", message: CRM_MESSAGES.invalidDocument });
      return z.NEVER;
    }
    return documentKey(v);
  });

// Built once: a schema built per value cost more than the rest of an imported row's checks.
const emailFormat = z.email();

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!emailFormat.safeParse(v).success) {
      ctx.addIssue({ code: "custom", message: CRM_MESSAGES.invalidEmail });
      return z.NEVER;
    }
    return v;
  });

const stateField = z
  .string()
  .trim()
  .toUpperCase()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!(UFS as readonly string[]).includes(v)) {
      ctx.addIssue({ code: "custom", message: CRM_MESSAGES.invalidState });
      return z.NEVER;
    }
    return v;
  });

const tagsField = z.array(z.string().trim().min(1).max(40)).max(30).default([]);
const customFieldsField = z.record(z.string(), z.union([z.string().max(500), z.number(), z.null()])).default({});
const nameField = z.string({ error: CRM_MESSAGES.nameRequired }).trim().min(1, CRM_MESSAGES.nameRequired).max(200);

export const contactInputSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  whatsapp: phoneField,
  document: documentField,
  companyId: z.uuid().nullish(),
  position: optionalText(),
  city: optionalText(),
  state: stateField,
  source: optionalText(80),
  tags: tagsField,
  ownerId: z.uuid().nullish(),
  status: z.enum(CONTACT_STATUSES, { error: CRM_MESSAGES.invalidStatus }).default("lead"),
  notes: optionalText(5000),
  customFields: customFieldsField,
  /** Create even though a contact with the same e-mail, phone or document exists. */
  ignoreDuplicates: z.boolean().default(false),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactBody = z.output<typeof contactInputSchema>;

export const contactUpdateSchema = contactInputSchema
  .omit({ ignoreDuplicates: true })
  .extend({ version: z.number().int() });
export type ContactUpdateBody = z.output<typeof contactUpdateSchema>;

export const companyInputSchema = z.object({
  name: nameField,
  legalName: optionalText(),
  document: documentField,
  email: emailField,
  phone: phoneField,
  website: optionalText(),
  city: optionalText(),
  state: stateField,
  ownerId: z.uuid().nullish(),
  notes: optionalText(5000),
  tags: tagsField,
  customFields: customFieldsField,
  /** Create even though a company with the same CNPJ exists. */
  ignoreDuplicates: z.boolean().default(false),
});
export type CompanyBody = z.output<typeof companyInputSchema>;
export const companyUpdateSchema = companyInputSchema
  .omit({ ignoreDuplicates: true })
  .extend({ version: z.number().int() });

const dateOnly = calendarDateField(CRM_MESSAGES.invalidDate).nullish();

export const dealInputSchema = z.object({
  title: z.string({ error: CRM_MESSAGES.titleRequired }).trim().min(1, CRM_MESSAGES.titleRequired).max(200),
  valueCents: z.number({ error: CRM_MESSAGES.invalidValue }).int(CRM_MESSAGES.invalidValue).min(0).max(1e13).default(0),
  stageId: z.uuid().optional(),
  contactId: z.uuid().nullish(),
  /** Creates the contact on the fly (Nova Oportunidade). */
  newContact: contactInputSchema.pick({ name: true, email: true, phone: true }).nullish(),
  companyId: z.uuid().nullish(),
  ownerId: z.uuid().nullish(),
  expectedCloseOn: dateOnly,
  source: optionalText(80),
  tags: tagsField,
  customFields: customFieldsField,
});
export type DealBody = z.output<typeof dealInputSchema>;

export const dealUpdateSchema = dealInputSchema
  .omit({ stageId: true, newContact: true })
  .partial()
  .extend({ version: z.number().int() });
export type DealUpdateBody = z.output<typeof dealUpdateSchema>;

export const moveDealSchema = z.object({
  stageId: z.uuid(),
  /** The card it now follows in that column; null puts it first. */
  afterId: z.uuid().nullable(),
  version: z.number().int().optional(),
});
export type MoveDealBody = z.output<typeof moveDealSchema>;

export const dealOutcomeSchema = z
  .object({
    outcome: z.enum(["won", "lost", "open"]),
    lostReason: z.string().trim().max(500).nullish(),
    version: z.number().int().optional(),
  })
  .refine((v) => v.outcome !== "lost" || !!v.lostReason, {
    message: CRM_MESSAGES.lostReasonRequired,
    path: ["lostReason"],
  });

const listBase = {
  q: z.string().trim().max(100).optional(),
  ownerId: z.uuid().optional(),
  tag: z.string().trim().max(40).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  createdFrom: calendarDateField(CRM_MESSAGES.invalidDate).optional(),
  createdTo: calendarDateField(CRM_MESSAGES.invalidDate).optional(),
  deleted: z.enum(["0", "1"]).optional(),
};

export const CONTACT_SORTS = ["created_desc", "created_asc", "name_asc", "name_desc"] as const;
export const contactListQuerySchema = z.object({
  ...listBase,
  status: z.enum(CONTACT_STATUSES).optional(),
  source: z.string().trim().max(80).optional(),
  companyId: z.uuid().optional(),
  /** A custom field's id and the value it must hold (as text: "12", "2026-05-01", an option). */
  customField: z.uuid().optional(),
  customValue: z.string().trim().max(200).optional(),
  sort: z.enum(CONTACT_SORTS).default("created_desc"),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const companyListQuerySchema = z.object({ ...listBase, sort: z.enum(CONTACT_SORTS).default("created_desc") });
export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

export const dealListQuerySchema = z.object({
  ...listBase,
  pipelineId: z.uuid().optional(),
  stageId: z.uuid().optional(),
  outcome: z.enum(["open", "won", "lost"]).optional(),
  minCents: z.coerce.number().int().min(0).optional(),
  maxCents: z.coerce.number().int().min(0).optional(),
  closeFrom: calendarDateField(CRM_MESSAGES.invalidDate).optional(),
  closeTo: calendarDateField(CRM_MESSAGES.invalidDate).optional(),
  contactId: z.uuid().optional(),
  companyId: z.uuid().optional(),
});
export type DealListQuery = z.output<typeof dealListQuerySchema>;

/** The deals export: the list's filters and the order of the view it is taken from (the board's columns, or the list's newest first). */
export const dealExportQuerySchema = dealListQuerySchema.extend({ view: z.enum(["board", "list"]).default("list") });
export type DealExportQuery = z.output<typeof dealExportQuerySchema>;

export const bulkContactsSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(500),
  action: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("assign_owner"), ownerId: z.uuid().nullable() }),
    z.object({ kind: z.literal("add_tag"), tag: z.string().trim().min(1).max(40) }),
    z.object({ kind: z.literal("set_status"), status: z.enum(CONTACT_STATUSES) }),
    z.object({ kind: z.literal("delete") }),
  ]),
});
export type BulkContactsBody = z.output<typeof bulkContactsSchema>;

export const mergeContactsSchema = z.object({ keepId: z.uuid(), mergeId: z.uuid() });

export const ACTIVITY_KINDS = ["note", "call", "meeting", "email"] as const;
/** The kinds a user logs by hand, labelled like every timeline kind. */
export const ACTIVITY_LABELS: Record<(typeof ACTIVITY_KINDS)[number], string> = {
  note: TIMELINE_KIND_LABELS.note,
  call: TIMELINE_KIND_LABELS.call,
  meeting: TIMELINE_KIND_LABELS.meeting,
  email: TIMELINE_KIND_LABELS.email,
};
export const CRM_RECORD_TYPES = ["contact", "company", "deal"] as const;
export type CrmRecordType = (typeof CRM_RECORD_TYPES)[number];

export const activityInputSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  text: z.string().trim().min(1, "Escreva o conteúdo da atividade.").max(5000),
});
export type ActivityInput = z.output<typeof activityInputSchema>;

export const recordTaskSchema = z.object({
  title: z.string().trim().min(1, "Informe o título da tarefa.").max(200),
  dueDate: dateOnly,
  assigneeId: z.uuid().nullish(),
});

export const timelineQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "select"] as const;
export const CUSTOM_FIELD_MESSAGES = {
  labelRequired: "Informe o nome do campo.",
  optionsRequired: "Informe ao menos uma opção.",
  optionsRepeated: "As opções não podem se repetir.",
  typeLocked: "Este campo já tem valores preenchidos em registros: o tipo não pode mudar. Crie um novo campo.",
  orderStale: "A lista de campos mudou. Recarregue a página e tente novamente.",
  orderRepeated: "Cada campo aparece uma só vez na ordem.",
} as const;

const customFieldDefinition = {
  label: z.string().trim().min(1, CUSTOM_FIELD_MESSAGES.labelRequired).max(80),
  fieldType: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
};

/** A select offers at least one option, each once. */
function checkOptions(v: { fieldType: string; options: string[] }, ctx: z.RefinementCtx) {
  if (v.fieldType !== "select") return;
  if (v.options.length === 0)
    ctx.addIssue({ code: "custom", message: CUSTOM_FIELD_MESSAGES.optionsRequired, path: ["options"] });
  else if (new Set(v.options).size !== v.options.length)
    ctx.addIssue({ code: "custom", message: CUSTOM_FIELD_MESSAGES.optionsRepeated, path: ["options"] });
}

export const customFieldInputSchema = z
  .object({ entity: z.enum(CRM_RECORD_TYPES), ...customFieldDefinition })
  .superRefine(checkOptions);

/** Editing a field: its label, its type (only while no record holds a value) and a select's options. */
export const customFieldUpdateSchema = z.object(customFieldDefinition).superRefine(checkOptions);
export type CustomFieldUpdateBody = z.infer<typeof customFieldUpdateSchema>;

/** The new order of one record kind's fields: every field id of that kind, once each. */
export const customFieldOrderSchema = z.object({
  entity: z.enum(CRM_RECORD_TYPES),
  ids: z
    .array(z.uuid())
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, CUSTOM_FIELD_MESSAGES.orderRepeated),
});
export type CustomFieldOrderBody = z.infer<typeof customFieldOrderSchema>;

export const savedViewInputSchema = z.object({
  entity: z.enum(CRM_RECORD_TYPES),
  name: z.string().trim().min(1, "Informe o nome da visualização.").max(80),
  filters: z.record(z.string(), z.string().max(200)).default({}),
});

export const reportQuerySchema = z.object({
  from: calendarDateField(CRM_MESSAGES.invalidDate),
  to: calendarDateField(CRM_MESSAGES.invalidDate),
});

export const IMPORT_FIELDS = [
  "name",
  "email",
  "phone",
  "whatsapp",
  "document",
  "position",
  "city",
  "state",
  "source",
  "status",
  "tags",
  "notes",
] as const;
export const IMPORT_FIELD_LABELS: Record<(typeof IMPORT_FIELDS)[number], string> = {
  name: "Nome",
  email: "E-mail",
  phone: "Telefone",
  whatsapp: "WhatsApp",
  document: "CPF/CNPJ",
  position: "Cargo",
  city: "Cidade",
  state: "UF",
  source: "Origem",
  status: "Status",
  tags: "Tags",
  notes: "Observações",
};
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

export const importInputSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  csv: z.string().max(MAX_IMPORT_BYTES, CRM_MESSAGES.csvTooLarge),
  /** CSV column header → field name (one of IMPORT_FIELDS or "custom:<field id>"); unmapped columns are ignored. */
  mapping: z.record(z.string().max(200), z.string().max(80)),
  duplicates: z.enum(["skip", "merge"]).default("skip"),
});
export type ImportBody = z.output<typeof importInputSchema>;

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

const ts = z.string();
export const contactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  document: z.string().nullable(),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  position: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  source: z.string().nullable(),
  tags: z.array(z.string()),
  ownerId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  status: z.enum(CONTACT_STATUSES),
  notes: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  version: z.number(),
  createdAt: ts,
  updatedAt: ts,
  deletedAt: ts.nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const duplicateSchema = z.object({ id: z.uuid(), name: z.string(), matchedOn: z.array(z.string()) });
export type Duplicate = z.infer<typeof duplicateSchema>;
/**
 * The details of a 409 for a duplicate: those the caller may open, and whether others exist in the
 * agency that it cannot see (another owner's, under record scope "own": never named).
 */
export type DuplicateDetails = { duplicates: Duplicate[]; hidden?: boolean };

export const contactsPageSchema = z.object({ contacts: z.array(contactSchema), nextCursor: z.string().nullable() });
export type ContactsPage = z.infer<typeof contactsPageSchema>;

export const contactSummarySchema = z.object({
  total: z.number(),
  leads: z.number(),
  clientes: z.number(),
  thisMonth: z.number(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  legalName: z.string().nullable(),
  document: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  ownerId: z.uuid().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  version: z.number(),
  createdAt: ts,
  updatedAt: ts,
  deletedAt: ts.nullable(),
});
export type Company = z.infer<typeof companySchema>;
export const companiesPageSchema = z.object({ companies: z.array(companySchema), nextCursor: z.string().nullable() });
export type CompaniesPage = z.infer<typeof companiesPageSchema>;

export const dealSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  valueCents: z.number(),
  pipelineId: z.uuid(),
  stageId: z.uuid(),
  position: z.string(),
  contactId: z.uuid().nullable(),
  contactName: z.string().nullable(),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  ownerId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  expectedCloseOn: z.string().nullable(),
  outcome: z.enum(["open", "won", "lost"]),
  lostReason: z.string().nullable(),
  closedAt: ts.nullable(),
  stageEnteredAt: ts,
  source: z.string().nullable(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  version: z.number(),
  createdAt: ts,
});
export type Deal = z.infer<typeof dealSchema>;
export const dealsPageSchema = z.object({ deals: z.array(dealSchema), nextCursor: z.string().nullable() });
export type DealsPage = z.infer<typeof dealsPageSchema>;

export const stageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  winProbability: z.number(),
  position: z.number(),
});
export type Stage = z.infer<typeof stageSchema>;

export const pipelineSchema = z.object({ id: z.uuid(), name: z.string(), stages: z.array(stageSchema) });
export type Pipeline = z.infer<typeof pipelineSchema>;
export const pipelinesSchema = z.object({ pipelines: z.array(pipelineSchema) });

export const boardColumnSchema = z.object({
  stageId: z.uuid(),
  count: z.number(),
  totalCents: z.number(),
  deals: z.array(dealSchema),
  nextCursor: z.string().nullable(),
});
export const boardSchema = z.object({
  pipeline: pipelineSchema,
  columns: z.array(boardColumnSchema),
  forecastCents: z.number(),
  openTotalCents: z.number(),
});
export type Board = z.infer<typeof boardSchema>;
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const timelineEntrySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: ts,
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelinePageSchema = z.object({
  entries: z.array(timelineEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

export const customFieldSchema = z.object({
  id: z.uuid(),
  entity: z.enum(CRM_RECORD_TYPES),
  label: z.string(),
  fieldType: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldsSchema = z.object({ fields: z.array(customFieldSchema) });

export const savedViewSchema = z.object({
  id: z.uuid(),
  entity: z.enum(CRM_RECORD_TYPES),
  name: z.string(),
  filters: z.record(z.string(), z.unknown()),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewsSchema = z.object({ views: z.array(savedViewSchema) });

export const importStatusSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(["running", "done", "failed"]),
  totalRows: z.number(),
  processedRows: z.number(),
  importedRows: z.number(),
  mergedRows: z.number(),
  skippedRows: z.number(),
  failedRows: z.number(),
  errors: z.array(z.object({ line: z.number(), reason: z.string(), row: z.record(z.string(), z.string()) })),
  /** The file's header in its order: the error report's columns after Linha and Motivo. */
  columns: z.array(z.string()),
  createdAt: ts,
  finishedAt: ts.nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** The record kinds of GET /api/crm/people?for=…, named as in the API's paths. */
export const CRM_RECORD_PATHS = ["contacts", "companies", "deals"] as const;
export type CrmRecordPath = (typeof CRM_RECORD_PATHS)[number];
export const CRM_RECORD_PATH: Record<CrmRecordType, CrmRecordPath> = {
  contact: "contacts",
  company: "companies",
  deal: "deals",
};

/** For which kind of record the owner pickers ask (contacts by default). */
export const crmPeopleQuerySchema = z.object({
  for: z.enum(CRM_RECORD_PATHS, { error: CRM_MESSAGES.invalidRecordKind }).default("contacts"),
});
export type CrmPeopleQuery = z.output<typeof crmPeopleQuerySchema>;

/**
 * Members of the agency (all of them: the owner filters and labels show anyone), each saying
 * whether the caller may name it the owner of a record of the asked kind, and whether the caller
 * may leave such a record without an owner (both follow the caller's record scope).
 */
export const crmPeopleSchema = z.object({
  people: z.array(z.object({ id: z.uuid(), name: z.string(), assignable: z.boolean() })),
  canLeaveUnowned: z.boolean(),
});
export type CrmPerson = z.infer<typeof crmPeopleSchema>["people"][number];

export const bulkResultSchema = z.object({ updated: z.number() });
export const okSchema = z.object({ success: z.literal(true), message: z.string() });

export const crmReportSchema = z.object({
  /** The pipeline whose stages the funnel shows (the agency's first). */
  pipelineName: z.string().nullable(),
  stages: z.array(
    z.object({
      stageId: z.uuid(),
      name: z.string(),
      openCount: z.number(),
      openCents: z.number(),
      reached: z.number(),
      conversionPct: z.number().nullable(),
    }),
  ),
  owners: z.array(
    z.object({ ownerId: z.uuid().nullable(), ownerName: z.string(), openCount: z.number(), openCents: z.number() }),
  ),
  won: z.number(),
  lost: z.number(),
  winRatePct: z.number().nullable(),
  averageWonCents: z.number().nullable(),
  averageCycleDays: z.number().nullable(),
  newContactsByMonth: z.array(z.object({ month: z.string(), count: z.number() })),
});
export type CrmReport = z.infer<typeof crmReportSchema>;

/** Texts of editing a deal in its drawer. */
export const DEAL_EDIT_MESSAGES = { dealUpdated: "Oportunidade atualizada com sucesso!" } as const;

// Managing pipelines and stages: bodies, palette and messages (kept in a file of their own).
export * from "./crm-pipelines.ts";
