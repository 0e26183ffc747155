export const ROLES = [
  "super_admin",
  "agency_manager",
  "project_manager",
  "team_designer",
  "team_copywriter",
  "team_webdesigner",
  "team_automation",
  "team_traffic",
  "customer_support",
  "sales_ldr",
  "sales_bdr",
  "sales_closer",
  "agency_client",
  "user",
] as const;

export type Role = (typeof ROLES)[number];

export const DEFAULT_ROLE: Role = "user";

/** Short labels used in badges (spec §3, role labels). */
export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super Admin",
  agency_manager: "Gestor da Agência",
  project_manager: "Gestor de Projetos",
  team_designer: "Designer",
  team_copywriter: "Copywriter",
  team_webdesigner: "Web Designer",
  team_automation: "Automação",
  team_traffic: "Tráfego Pago",
  customer_support: "Atendimento",
  sales_ldr: "LDR",
  sales_bdr: "BDR",
  sales_closer: "Closer",
  agency_client: "Cliente",
  user: "Usuário",
};

/** Labels of the sign-up role selector (spec §2.5). */
export const SIGNUP_ROLE_LABELS: Record<Exclude<Role, "super_admin">, string> = {
  agency_manager: "Gestor da Agência",
  project_manager: "Gestor de Projetos",
  team_designer: "Designer",
  team_copywriter: "Copywriter",
  team_webdesigner: "Web Designer",
  team_automation: "Automação",
  team_traffic: "Tráfego Pago",
  customer_support: "Atendimento ao Cliente",
  sales_ldr: "LDR (Vendas)",
  sales_bdr: "BDR (Vendas)",
  sales_closer: "Closer (Vendas)",
  agency_client: "Cliente da Agência",
  user: "Usuário Padrão",
};

/** Roles a person may pick at sign-up or be given by invite or role change: never super_admin. */
export const ASSIGNABLE_ROLES = ROLES.filter((role) => role !== "super_admin") as Exclude<Role, "super_admin">[];

/** Role names of earlier releases, read as today's (normalizeRole; roleSqlOf in SQL). */
export const LEGACY_ALIASES: Record<string, Role> = {
  admin: "agency_manager",
  manager: "project_manager",
  client: "agency_client",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Legacy aliases map to current roles; anything unknown becomes 'user' (spec §6). */
export function normalizeRole(value: unknown): Role {
  if (isRole(value)) return value;
  if (typeof value === "string" && value in LEGACY_ALIASES) return LEGACY_ALIASES[value];
  return DEFAULT_ROLE;
}

export function isSuperAdmin(role: Role | null | undefined): boolean {
  return role === "super_admin";
}

export function isAdmin(role: Role | null | undefined): boolean {
  return role === "super_admin" || role === "agency_manager";
}

/**
 * Rank decides who may grant what (docs/decisions/004-user-roles-and-invites.md):
 * super_admin > agency_manager > project_manager > every other role (one shared rank).
 * Nobody grants a role above their own, nor changes the role of someone ranked above them.
 */
const ROLE_RANK: Record<Role, number> = {
  super_admin: 3,
  agency_manager: 2,
  project_manager: 1,
  team_designer: 0,
  team_copywriter: 0,
  team_webdesigner: 0,
  team_automation: 0,
  team_traffic: 0,
  customer_support: 0,
  sales_ldr: 0,
  sales_bdr: 0,
  sales_closer: 0,
  agency_client: 0,
  user: 0,
};

/** True when `granter` ranks at least as high as `target` (grant it, or act on someone holding it). */
export function canGrantRole(granter: Role, target: Role): boolean {
  return ROLE_RANK[target] <= ROLE_RANK[granter];
}
