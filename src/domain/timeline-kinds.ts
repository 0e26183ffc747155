/** pt-BR labels of timeline event kinds; a module adds the kinds it writes. */
export const TIMELINE_KIND_LABELS: Record<string, string> = {
  created: "Criado",
  updated: "Atualizado",
  deleted: "Excluído",
  note: "Nota",
  stage_changed: "Etapa alterada",
  status_changed: "Status alterado",
  assigned: "Responsável alterado",
  won: "Ganho",
  lost: "Perdido",
  attachment_added: "Arquivo anexado",
  attachment_removed: "Arquivo excluído",
  reminder_sent: "Lembrete de vencimento enviado",
};

export const RECORD_TYPE_LABELS: Record<string, string> = {
  company: "Empresa",
  contact: "Contato",
  deal: "Negócio",
  project: "Projeto",
  task: "Tarefa",
  meeting: "Reunião",
  time_entry: "Apontamento de horas",
  quote: "Orçamento",
  invoice: "Fatura",
  payment: "Pagamento",
};

export function timelineKindLabel(kind: string): string {
  return TIMELINE_KIND_LABELS[kind] ?? kind;
}

/** The name or title a module put in details, shown after the kind. */
export function timelineDetail(details: Record<string, unknown>): string | null {
  for (const key of ["title", "name", "note"]) {
    const value = details[key];
    if (typeof value === "string" && value) return value;
  }
  return null;
}
