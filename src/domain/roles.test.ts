import { describe, expect, it } from "vitest";
import { ASSIGNABLE_ROLES, canGrantRole, isAdmin, isSuperAdmin, normalizeRole, ROLE_LABELS, ROLES } from "./roles.ts";

describe("roles (spec §6)", () => {
  it("has the 14 roles, each with a label", () => {
    expect(ROLES).toHaveLength(14);
    for (const role of ROLES) expect(ROLE_LABELS[role]).toBeTruthy();
  });

  it("maps legacy aliases and unknown values", () => {
    expect(normalizeRole("admin")).toBe("agency_manager");
    expect(normalizeRole("manager")).toBe("project_manager");
    expect(normalizeRole("client")).toBe("agency_client");
    expect(normalizeRole("hacker")).toBe("user");
    expect(normalizeRole(null)).toBe("user");
    expect(normalizeRole("sales_closer")).toBe("sales_closer");
  });

  it("derives isAdmin and isSuperAdmin", () => {
    expect(isAdmin("super_admin")).toBe(true);
    expect(isAdmin("agency_manager")).toBe(true);
    expect(isAdmin("project_manager")).toBe(false);
    expect(isSuperAdmin("agency_manager")).toBe(false);
    expect(isSuperAdmin("super_admin")).toBe(true);
  });

  it("never offers super_admin and never lets anyone grant above their own role", () => {
    expect(ASSIGNABLE_ROLES).not.toContain("super_admin");
    expect(canGrantRole("agency_manager", "super_admin")).toBe(false);
    expect(canGrantRole("agency_manager", "project_manager")).toBe(true);
    expect(canGrantRole("project_manager", "agency_manager")).toBe(false);
    expect(canGrantRole("agency_manager", "agency_manager")).toBe(true);
    expect(canGrantRole("team_designer", "project_manager")).toBe(false);
    // Every role below project_manager shares one rank.
    expect(canGrantRole("agency_client", "team_designer")).toBe(true);
    expect(canGrantRole("super_admin", "super_admin")).toBe(true);
  });
});
