import type { Module } from "#domain/modules.ts";
import type { Role } from "#domain/roles.ts";
import type { CardScope } from "./dashboard-card.ts";

/**
 * The record scope of a dashboard card's module for a role. A client sees only what is its own
 * (spec: the client portal); every other role the agency's records, as the module pages show
 * them today. When the shared record scope lands (role_permissions.record_scope and
 * recordScopeOf), it replaces this function.
 */
export function cardScope(role: Role, _module: Module): CardScope {
  return role === "agency_client" ? "own" : "all";
}
