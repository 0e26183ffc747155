import { describe, expect, it } from "vitest";
import { MODULES } from "./modules.ts";
import { defaultPermissionRows, permissionLevel, ROLE_MODULES, withToggledAction } from "./permissions.ts";
import { ROLES } from "./roles.ts";

const rows = defaultPermissionRows();
const flagsOf = (role: string, module: string) => rows.find((r) => r.role === role && r.module === module);

describe("default permissions", () => {
  it("has one row per role and module", () => {
    expect(rows).toHaveLength(ROLES.length * MODULES.length);
  });

  it("never grants create, edit or delete without view", () => {
    for (const row of rows) {
      if (row.canCreate || row.canEdit || row.canDelete) expect(row.canView).toBe(true);
    }
  });

  it("lets everyone view the dashboard", () => {
    for (const role of ROLES) expect(flagsOf(role, "dashboard")?.canView).toBe(true);
  });

  it("grants view exactly on the modules of the spec's role map", () => {
    for (const role of ROLES) {
      for (const module of MODULES) {
        if (module === "dashboard") continue;
        expect(flagsOf(role, module)?.canView, `${role}/${module}`).toBe(ROLE_MODULES[role].includes(module));
      }
    }
  });

  it("keeps the managers' own gates open so nobody locks the agency out", () => {
    expect(permissionLevel(flagsOf("agency_manager", "users"))).toBe("full");
    expect(permissionLevel(flagsOf("agency_manager", "configuracoes"))).toBe("full");
    expect(permissionLevel(flagsOf("super_admin", "agencies"))).toBe("full");
  });

  it("matches the examples of the spec", () => {
    expect(flagsOf("team_copywriter", "documentos_templates")?.canView).toBe(true);
    expect(flagsOf("team_designer", "documentos_templates")?.canView).toBe(false);
    expect(flagsOf("agency_client", "portal_relatorios")?.canView).toBe(true);
    expect(flagsOf("agency_client", "portal_relatorios")?.canEdit).toBe(false);
    expect(flagsOf("customer_support", "tickets")?.canView).toBe(true);
    expect(flagsOf("sales_closer", "crm_pipelines")?.canCreate).toBe(true);
  });
});

describe("permission level badge (spec §4)", () => {
  it("classifies none, full, limited and read-only", () => {
    const f = (v: boolean, c: boolean, e: boolean, d: boolean) => ({
      canView: v,
      canCreate: c,
      canEdit: e,
      canDelete: d,
    });
    expect(permissionLevel(undefined)).toBe("none");
    expect(permissionLevel(f(false, false, false, false))).toBe("none");
    expect(permissionLevel(f(true, true, true, true))).toBe("full");
    expect(permissionLevel(f(true, true, false, false))).toBe("limited");
    expect(permissionLevel(f(true, false, true, true))).toBe("limited");
    expect(permissionLevel(f(true, false, false, true))).toBe("read-only");
    expect(permissionLevel(f(true, false, false, false))).toBe("read-only");
  });
});

describe("toggling one action", () => {
  const none = { canView: false, canCreate: false, canEdit: false, canDelete: false };
  const full = { canView: true, canCreate: true, canEdit: true, canDelete: true };

  it("turns view on with create, edit or delete", () => {
    expect(withToggledAction(none, "edit", true)).toEqual({ ...none, canView: true, canEdit: true });
    expect(withToggledAction(none, "create", true)).toEqual({ ...none, canView: true, canCreate: true });
    expect(withToggledAction(none, "delete", true)).toEqual({ ...none, canView: true, canDelete: true });
  });

  it("turns everything off with view", () => {
    expect(withToggledAction(full, "view", false)).toEqual(none);
  });

  it("leaves view and the other actions alone when one write action goes off", () => {
    expect(withToggledAction(full, "delete", false)).toEqual({ ...full, canDelete: false });
  });
});
