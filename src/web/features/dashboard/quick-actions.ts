import type { Role } from "#domain/roles.ts";

export type QuickAction = { key: string; label: string; path: string };

export const MAX_QUICK_ACTIONS = 6;

// The spec's actions only log to the console; here each opens the section where the work happens,
// with its form open where the section has one (?novo=1, ?agendar=1, ?nova=1).
const EVERYONE: QuickAction[] = [
  { key: "nova-conversa", label: "Nova Conversa", path: "/app/inbox/conversas" },
  { key: "agendar-reuniao", label: "Agendar Reunião", path: "/app/projetos/calendario?agendar=1" },
  { key: "novo-documento", label: "Novo Documento", path: "/app/documentos/biblioteca" },
];

const BY_ROLE: Partial<Record<Role, QuickAction[]>> = {
  project_manager: [
    { key: "novo-projeto", label: "Novo Projeto", path: "/app/projetos/visao-geral?novo=1" },
    { key: "definir-meta", label: "Definir Meta", path: "/app/estrategia/campanhas" },
  ],
  team_designer: [{ key: "nova-peca", label: "Nova Peça", path: "/app/projetos/tarefas" }],
  sales_closer: [{ key: "novo-lead", label: "Novo Lead", path: "/app/crm/pipelines?nova=1" }],
};

/** Spec §6: everyone's three actions plus the role's own, at most six. */
export function quickActionsFor(role: Role): QuickAction[] {
  return [...EVERYONE, ...(BY_ROLE[role] ?? [])].slice(0, MAX_QUICK_ACTIONS);
}
