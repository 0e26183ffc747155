import { countLabel } from "../count-label.ts";
import { isModule } from "../modules.ts";
import { RECORD_SCOPES } from "../permissions.ts";
import { isRole } from "../roles.ts";
import type { PermissionRecord } from "./permissions.ts";

/** The version export writes (spec §7: version '1.0'). */
export const EXPORT_VERSION = "1.0";

const FLAGS = ["can_view", "can_create", "can_edit", "can_delete"] as const;
const RECORD_KEYS = new Set<string>(["role", "module", ...FLAGS, "record_scope"]);
/**
 * Columns of a role_permissions row that say nothing about access: a file of whole table rows
 * (the original product exported `select *`) carries them, and they are left aside. Any other
 * unknown key is refused: a misspelt record_scope would otherwise vanish unseen.
 */
const ROW_ONLY_KEYS = new Set<string>(["id", "created_at", "updated_at"]);

/** A value of the file, short enough to quote in a message. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function namedProblem(record: Record<string, unknown>, key: "role" | "module", at: string): string | null {
  const value = record[key];
  const isKnown = key === "role" ? isRole : isModule;
  if (value === undefined) return `${at}: falta ${key === "role" ? "a função (role)" : "o módulo (module)"}`;
  if (typeof value === "string" && isKnown(value)) return null;
  return `${at}: ${key === "role" ? "função desconhecida" : "módulo desconhecido"} ${quoted(value)}`;
}

function flagProblems(record: Record<string, unknown>, at: string): string[] {
  return FLAGS.flatMap((flag) => {
    const value = record[flag];
    if (value === undefined) return [`${at}: falta ${flag}`];
    return typeof value === "boolean" ? [] : [`${at}: ${flag} deve ser true ou false, não ${quoted(value)}`];
  });
}

function recordProblems(entry: unknown, index: number): string[] {
  const at = `Registro ${index + 1}`;
  if (!isObject(entry)) return [`${at}: não é um registro { role, module, can_view, … }`];
  const scope = entry.record_scope;
  return [
    namedProblem(entry, "role", at),
    namedProblem(entry, "module", at),
    ...flagProblems(entry, at),
    scope === undefined || (RECORD_SCOPES as readonly unknown[]).includes(scope)
      ? null
      : `${at}: record_scope deve ser "all" ou "own", não ${quoted(scope)}`,
    ...Object.keys(entry)
      .filter((key) => !RECORD_KEYS.has(key) && !ROW_ONLY_KEYS.has(key))
      .map((key) => `${at}: campo desconhecido ${quoted(key)}`),
  ].filter((problem): problem is string => problem !== null);
}

function duplicateProblems(entries: unknown[]): string[] {
  const firstOf = new Map<string, number>();
  return entries.flatMap((entry, index) => {
    if (!isObject(entry) || typeof entry.role !== "string" || typeof entry.module !== "string") return [];
    const pair = `${entry.role}/${entry.module}`;
    const first = firstOf.get(pair);
    if (first === undefined) {
      firstOf.set(pair, index);
      return [];
    }
    return [`Registros ${first + 1} e ${index + 1}: a mesma função e módulo (${quoted(pair)}) aparecem duas vezes`];
  });
}

function fileProblems(file: Record<string, unknown>, entries: unknown[]): string[] {
  const problems: string[] = [];
  if (file.version !== undefined && file.version !== EXPORT_VERSION) {
    problems.push(`Versão ${quoted(file.version)} não suportada (esperada "${EXPORT_VERSION}")`);
  }
  const total = file.total_permissions;
  if (total !== undefined && total !== entries.length) {
    problems.push(
      typeof total === "number"
        ? `O arquivo diz ter ${countLabel(total, "permissão", "permissões")}, mas traz ${entries.length}: pode estar incompleto`
        : `total_permissions deve ser um número, não ${quoted(total)}`,
    );
  }
  if (entries.length === 0) problems.push('A lista "permissions" está vazia');
  return problems;
}

/** A checked entry without the row-only columns. */
function toRecord(entry: unknown): PermissionRecord {
  const { role, module, can_view, can_create, can_edit, can_delete, record_scope } = entry as PermissionRecord;
  return { role, module, can_view, can_create, can_edit, can_delete, ...(record_scope ? { record_scope } : {}) };
}

export type PermissionsFileCheck = { records: PermissionRecord[]; problems: [] } | { problems: string[] };

/**
 * Every problem of an imported file (spec §7's export: `{ exported_at, version, permissions,
 * total_permissions }`), so the whole file is refused with all of them named, or its records when
 * there is none: an unknown role, module or key, a flag that is not a boolean, a repeated
 * role × module, a count or version that does not match. Nothing is skipped or guessed.
 */
export function checkPermissionsFile(file: unknown): PermissionsFileCheck {
  if (!isObject(file) || !Array.isArray(file.permissions)) {
    return { problems: ['O arquivo não traz a lista "permissions" de uma exportação de permissões'] };
  }
  const entries: unknown[] = file.permissions;
  const problems = [...fileProblems(file, entries), ...entries.flatMap(recordProblems), ...duplicateProblems(entries)];
  return problems.length > 0 ? { problems } : { records: entries.map(toRecord), problems: [] };
}
