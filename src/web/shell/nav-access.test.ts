import { describe, expect, it } from "vitest";
import { defaultPermissionRows } from "#domain/permissions.ts";
import type { Role } from "#domain/roles.ts";
import { flagsLookup, reachableScreens, visibleNavigation } from "./nav-access.ts";

function lookupFor(role: Role) {
  return flagsLookup(
    role === "super_admin",
    defaultPermissionRows().filter((row) => row.role === role),
  );
}

function sidebar(role: Role) {
  return visibleNavigation(lookupFor(role)).flatMap((section) =>
    section.items.map((item) => ({
      key: item.key,
      locked: item.visibleChildren.filter((c) => c.isLocked).map((c) => c.slug),
    })),
  );
}

describe("visibleNavigation", () => {
  it("shows a designer Projetos with its unlocked children but not CRM or Financeiro", () => {
    const items = sidebar("team_designer");
    expect(items.map((i) => i.key)).toEqual(["dashboard", "projetos", "documentos"]);
    expect(items.find((i) => i.key === "projetos")?.locked).toEqual(["clientes"]);
    expect(items.find((i) => i.key === "documentos")?.locked).toEqual(["templates", "contratos"]);
  });

  it("shows a client Projetos and Portal Cliente, most children locked", () => {
    const items = sidebar("agency_client");
    expect(items.map((i) => i.key)).toEqual(["dashboard", "projetos", "portal-cliente"]);
    expect(items.find((i) => i.key === "projetos")?.locked).toEqual(["calendario", "tarefas", "clientes", "tempo"]);
    expect(items.find((i) => i.key === "portal-cliente")?.locked).toEqual(["configuracoes", "permissoes"]);
  });

  it("keeps Financeiro › Visão Geral open only inside a visible Financeiro", () => {
    const manager = visibleNavigation(lookupFor("agency_manager"));
    const finance = manager.flatMap((s) => s.items).find((i) => i.key === "financeiro");
    expect(finance?.visibleChildren.find((c) => c.slug === "visao-geral")?.isLocked).toBe(false);
    expect(sidebar("sales_closer").map((i) => i.key)).not.toContain("financeiro");
  });

  it("locks Financeiro › Visão Geral for a project manager, who may quote but not read invoices or payments", () => {
    const finance = sidebar("project_manager").find((i) => i.key === "financeiro");
    expect(finance?.locked).toEqual(["visao-geral", "faturas", "pagamentos"]);
  });

  it("lets a super admin see everything and the palette reach every child", () => {
    const screens = reachableScreens(lookupFor("super_admin")).map((s) => s.path);
    expect(screens).toContain("/app/crm/pipelines");
    expect(screens).toContain("/app/integracoes");
    expect(screens).toContain("/dashboard");
  });

  it("leaves locked children out of the palette", () => {
    const screens = reachableScreens(lookupFor("agency_client")).map((s) => s.path);
    expect(screens).toContain("/app/portal-cliente/relatorios");
    expect(screens).not.toContain("/app/portal-cliente/permissoes");
  });
});
