import { MODULE_CATALOGUE, MODULE_CATEGORIES, MODULES, type Module, type ModuleCategory } from "#domain/modules.ts";
import type { PermissionFlags } from "#domain/permissions.ts";
import type { Role } from "#domain/roles.ts";
import { type PermissionRecord, toFlags } from "#domain/schemas/permissions.ts";

export type ModuleEntry = { name: Module; label: string; description: string; category: ModuleCategory };
export type ModuleFilters = { search: string; category: ModuleCategory | null };
export type CategoryGroup = { category: ModuleCategory; modules: ModuleEntry[] };

/** Lower case without accents, so "relatorios" finds "Relatórios". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR");
}

/** Catalogue modules matching the search (label, name or description, case-insensitive) and category. */
export function filterModules(filters: ModuleFilters): ModuleEntry[] {
  const needle = fold(filters.search.trim());
  return MODULES.map((name) => ({ name, ...MODULE_CATALOGUE[name] }))
    .filter((entry) => filters.category === null || entry.category === filters.category)
    .filter(
      (entry) =>
        needle === "" ||
        fold(entry.label).includes(needle) ||
        fold(entry.name).includes(needle) ||
        fold(entry.description).includes(needle),
    );
}

/** Non-empty groups in the catalogue's display order of categories. */
export function groupByCategory(entries: ModuleEntry[]): CategoryGroup[] {
  return MODULE_CATEGORIES.map((category) => ({
    category,
    modules: entries.filter((entry) => entry.category === category),
  })).filter((group) => group.modules.length > 0);
}

/** One role's flags per module. */
export function flagsOfRole(records: PermissionRecord[], role: Role): Map<Module, PermissionFlags> {
  return new Map(records.filter((r) => r.role === role).map((r) => [r.module, toFlags(r)]));
}

/** Modules among `entries` the role can at least view: the "configured permissions" badge. */
export function countConfigured(entries: ModuleEntry[], flags: Map<Module, PermissionFlags>): number {
  return entries.filter((entry) => flags.get(entry.name)?.canView).length;
}
