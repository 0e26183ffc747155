import type { RecordType } from "./records.ts";

/**
 * pt-BR labels of every timeline event kind. The kinds are this record's keys: the server writes
 * a `TimelineKind` (recordTimelineEvent's type, and the constants of the two SQL writers), so a
 * module that writes a new kind adds its label here or does not compile.
 */
export const TIMELINE_KIND_LABELS = {
  created: "Criado",
  updated: "Atualizado",
  deleted: "Excluído",
  restored: "Restaurado",
  imported: "Importado",
  merged: "Mesclado",
  note: "Nota",
  call: "Ligação",
  meeting: "Reunião",
  email: "E-mail",
  task: "Tarefa",
  comment: "Comentário",
  stage_changed: "Etapa alterada",
  status_changed: "Status alterado",
  owner_changed: "Responsável alterado",
  won: "Ganha",
  lost: "Perdida",
  reopened: "Reaberta",
  deal_created: "Oportunidade criada",
  project_created: "Projeto criado",
  task_created: "Tarefa criada",
  task_deleted: "Tarefa excluída",
  meeting_scheduled: "Reunião agendada",
  attachment_added: "Arquivo anexado",
  attachment_removed: "Arquivo excluído",
  sent: "Enviado",
  accepted: "Aceito",
  declined: "Recusado",
  issued: "Emitida",
  cancelled: "Cancelada",
  payment_recorded: "Pagamento registrado",
  payment_reversed: "Pagamento estornado",
  reversed: "Estornado",
  reminder_sent: "Lembrete de vencimento enviado",
} as const satisfies Record<string, string>;

export type TimelineKind = keyof typeof TIMELINE_KIND_LABELS;
export const TIMELINE_KINDS = Object.keys(TIMELINE_KIND_LABELS) as TimelineKind[];

/** pt-BR name of every record type (the CRM calls a deal "oportunidade"). */
export const RECORD_TYPE_LABELS: Record<RecordType, string> = {
  company: "Empresa",
  contact: "Contato",
  deal: "Oportunidade",
  project: "Projeto",
  task: "Tarefa",
  meeting: "Reunião",
  time_entry: "Apontamento de horas",
  quote: "Orçamento",
  invoice: "Fatura",
  payment: "Pagamento",
  expense: "Despesa",
};

/** The same, plural: the headings of the Ctrl+K palette's groups. */
export const RECORD_TYPE_PLURAL_LABELS: Record<RecordType, string> = {
  company: "Empresas",
  contact: "Contatos",
  deal: "Oportunidades",
  project: "Projetos",
  task: "Tarefas",
  meeting: "Reuniões",
  time_entry: "Apontamentos de horas",
  quote: "Orçamentos",
  invoice: "Faturas",
  payment: "Pagamentos",
  expense: "Despesas",
};

const isTimelineKind = (kind: string): kind is TimelineKind => Object.hasOwn(TIMELINE_KIND_LABELS, kind);
const isLabelledRecordType = (type: string): type is RecordType => Object.hasOwn(RECORD_TYPE_LABELS, type);

/** Record types whose pt-BR noun is feminine ("Oportunidade criada", "Fatura emitida"). */
const FEMININE_RECORD_TYPES: ReadonlySet<string> = new Set<RecordType>([
  "company",
  "deal",
  "task",
  "meeting",
  "invoice",
  "expense",
]);

/** Kinds read as a participle, which agrees with the record's noun: masculine, feminine. */
const PARTICIPLES: Partial<Record<TimelineKind, readonly [string, string]>> = {
  created: ["Criado", "Criada"],
  updated: ["Atualizado", "Atualizada"],
  deleted: ["Excluído", "Excluída"],
  restored: ["Restaurado", "Restaurada"],
  imported: ["Importado", "Importada"],
  merged: ["Mesclado", "Mesclada"],
  sent: ["Enviado", "Enviada"],
  accepted: ["Aceito", "Aceita"],
  declined: ["Recusado", "Recusada"],
  issued: ["Emitido", "Emitida"],
  cancelled: ["Cancelado", "Cancelada"],
  reopened: ["Reaberto", "Reaberta"],
  reversed: ["Estornado", "Estornada"],
};

/**
 * The label of a stored kind; a row of a kind no longer written reads "Atividade", never its code.
 * Given the record's type, a participle agrees with its noun ("Oportunidade: Criada").
 */
export function timelineKindLabel(kind: string, recordType?: string): string {
  if (!isTimelineKind(kind)) return "Atividade";
  const forms = recordType === undefined ? undefined : PARTICIPLES[kind];
  if (forms) return forms[FEMININE_RECORD_TYPES.has(recordType as string) ? 1 : 0];
  return TIMELINE_KIND_LABELS[kind];
}

export function recordTypeLabel(recordType: string): string {
  return isLabelledRecordType(recordType) ? RECORD_TYPE_LABELS[recordType] : "Registro";
}

/** The name or title a module put in details, shown after the kind. */
export function timelineDetail(details: Record<string, unknown>): string | null {
  for (const key of ["title", "name", "note"]) {
    const value = details[key];
    if (typeof value === "string" && value) return value;
  }
  return null;
}
