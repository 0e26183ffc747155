import { describe, expect, it } from "vitest";
import { MODULE_CATEGORIES, MODULES } from "#domain/modules.ts";
import { defaultPermissionRows } from "#domain/permissions.ts";
import { toRecord } from "#domain/schemas/permissions.ts";
import { countConfigured, filterModules, flagsOfRole, groupByCategory } from "./module-filters.ts";

const names = (search: string, category: (typeof MODULE_CATEGORIES)[number] | null = null) =>
  filterModules({ search, category }).map((entry) => entry.name);

describe("module filters", () => {
  it("returns the whole catalogue without filters, in catalogue order", () => {
    expect(names("")).toEqual(MODULES);
    expect(names("   ")).toEqual(MODULES);
  });

  it("searches label, name and description, ignoring case and accents", () => {
    expect(names("PIPELINES")).toEqual(["crm_pipelines"]);
    expect(names("crm_cont")).toEqual(["crm_contatos"]);
    expect(names("apontamento")).toEqual(["projetos_tempo"]);
    expect(names("relatorios financeiros")).toEqual(["financeiro_relatorios"]);
    expect(names("nada-disso")).toEqual([]);
  });

  it("filters by category and combines with the search", () => {
    expect(names("", "Inbox")).toEqual(["inbox_conversas", "inbox_emails", "inbox_chamadas"]);
    expect(names("relat", "CRM")).toEqual(["crm_relatorios"]);
    expect(names("pipelines", "Financeiro")).toEqual([]);
  });

  it("groups in the display order of categories, dropping empty ones", () => {
    const groups = groupByCategory(filterModules({ search: "relat", category: null }));
    expect(groups.map((g) => g.category)).toEqual(["Core", "CRM", "Financeiro", "Projetos", "Portal Cliente"]);
    expect(groupByCategory(filterModules({ search: "", category: null })).map((g) => g.category)).toEqual(
      MODULE_CATEGORIES,
    );
  });

  it("reads one role's flags and counts the modules it can view", () => {
    const records = defaultPermissionRows().map(toRecord);
    const client = flagsOfRole(records, "agency_client");
    expect(client.get("projects")?.canView).toBe(true);
    expect(client.get("users")?.canView).toBe(false);
    expect(countConfigured(filterModules({ search: "", category: null }), client)).toBe(3);
    expect(countConfigured(filterModules({ search: "", category: "Portal Cliente" }), client)).toBe(1);
  });
});
