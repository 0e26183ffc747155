import { DEFAULT_ROLE, LEGACY_ALIASES, ROLES } from "#domain/roles.ts";
import { quoteLiteral } from "./client.ts";

/**
 * normalizeRole in SQL: the column's role when it is one of today's, an earlier release's name
 * read as today's, else the default role. For statements whose JSON answer PostgreSQL writes.
 */
export function roleSqlOf(column: string): string {
  const aliases = Object.entries(LEGACY_ALIASES)
    .map(([legacy, role]) => `when ${quoteLiteral(legacy)} then ${quoteLiteral(role)}`)
    .join(" ");
  const roles = ROLES.map(quoteLiteral).join(", ");
  return `case when ${column} in (${roles}) then ${column} else case ${column} ${aliases} else ${quoteLiteral(DEFAULT_ROLE)} end end`;
}
