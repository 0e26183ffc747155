import type { Module } from "./modules.ts";

/**
 * The kinds of business record the shared services (timeline, notifications, files, search)
 * point at, each with the permission module that governs who may view it. A module that adds
 * a record kind adds one line here.
 */
export const RECORD_MODULES = {
  company: "crm_contatos",
  contact: "crm_contatos",
  deal: "crm_pipelines",
  project: "projects",
  task: "projetos_tarefas",
  meeting: "projetos_calendario",
  time_entry: "projetos_tempo",
  quote: "financeiro_orcamentos",
  invoice: "financeiro_faturas",
  payment: "financeiro_pagamentos",
  expense: "financeiro_pagamentos",
} as const satisfies Record<string, Module>;

export type RecordType = keyof typeof RECORD_MODULES;

export const RECORD_TYPES = Object.keys(RECORD_MODULES) as RecordType[];

export function moduleOfRecord(recordType: RecordType): Module {
  return RECORD_MODULES[recordType];
}

/**
 * Where the web app opens a record of each type; a module sets its own line when its page
 * lands (null: no page yet, the item is shown without a link).
 */
export const RECORD_PATHS: Record<RecordType, ((id: string) => string) | null> = {
  company: null,
  contact: null,
  deal: null,
  project: null,
  task: null,
  meeting: null,
  time_entry: null,
  quote: null,
  invoice: null,
  payment: null,
  expense: null,
};

export function recordPath(recordType: string | null, recordId: string | null): string | null {
  if (!recordType || !recordId || !(recordType in RECORD_PATHS)) return null;
  return RECORD_PATHS[recordType as RecordType]?.(recordId) ?? null;
}
