import { MODULES, type Module } from "./modules.ts";
import { ROLES, type Role } from "./roles.ts";

export const ACTIONS = ["view", "create", "edit", "delete"] as const;
export type Action = (typeof ACTIONS)[number];

/** Action names on badges and switches (spec §2.9). */
export const ACTION_LABELS: Record<Action, string> = {
  view: "Ver",
  create: "Criar",
  edit: "Editar",
  delete: "Excluir",
};

export type PermissionFlags = {
  canView: boolean;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
};

export type PermissionRow = PermissionFlags & { role: Role; module: Module; recordScope: RecordScope };

/**
 * Record scope (DESIGN.md): which of a module's records a role reaches: every record of the
 * agency, or only those it owns, is assigned to or is a member of.
 */
export const RECORD_SCOPES = ["all", "own"] as const;
export type RecordScope = (typeof RECORD_SCOPES)[number];

export const RECORD_SCOPE_LABELS: Record<RecordScope, string> = {
  all: "Todos os registros da agência",
  own: "Somente os próprios registros",
};

export const ACTION_FLAG: Record<Action, keyof PermissionFlags> = {
  view: "canView",
  create: "canCreate",
  edit: "canEdit",
  delete: "canDelete",
};

const CRM = ["crm_pipelines", "crm_contatos", "crm_relatorios"] as const;
const INBOX = ["inbox_conversas", "inbox_emails", "inbox_chamadas"] as const;
const TEAM_PROJECTS = ["projects", "projetos_calendario", "projetos_tarefas", "projetos_tempo", "tasks"] as const;
const byPrefix = (prefix: string) => MODULES.filter((m) => m.startsWith(prefix));

/** Module access by role: the client-side map of spec §6, the seed of role_permissions. */
export const ROLE_MODULES: Record<Role, readonly Module[]> = {
  super_admin: MODULES,
  agency_manager: [
    "configuracoes",
    // Issue 6: managers read their own agency's audit log (the server scopes it to their agency).
    "audit_logs",
    "users",
    "reports",
    ...byPrefix("crm_"),
    ...byPrefix("financeiro_"),
    "projects",
    ...byPrefix("projetos_"),
    "customers",
    "tasks",
    "leads",
    "tickets",
    ...byPrefix("inbox_"),
    ...byPrefix("estrategia_"),
    ...byPrefix("ia_"),
    ...byPrefix("documentos_"),
    ...byPrefix("portal_"),
    "integracoes",
  ],
  project_manager: [
    "projects",
    "projetos_calendario",
    "projetos_tarefas",
    "projetos_clientes",
    "projetos_tempo",
    "projetos_relatorios",
    "customers",
    "tasks",
    "leads",
    ...CRM,
    "financeiro_orcamentos",
    "financeiro_relatorios",
    ...INBOX,
    "estrategia_campanhas",
    "estrategia_analytics",
    "ia_workflows",
    "ia_chatbots",
    "documentos_biblioteca",
    "documentos_contratos",
    "portal_configuracoes",
    "portal_relatorios",
  ],
  team_designer: [...TEAM_PROJECTS, "documentos_biblioteca"],
  team_webdesigner: [...TEAM_PROJECTS, "documentos_biblioteca"],
  team_copywriter: [...TEAM_PROJECTS, "documentos_biblioteca", "documentos_templates"],
  team_automation: [
    ...TEAM_PROJECTS,
    "estrategia_campanhas",
    "estrategia_automacoes",
    "ia_workflows",
    "ia_chatbots",
    "ia_templates",
    "integracoes",
  ],
  team_traffic: [...TEAM_PROJECTS, "estrategia_campanhas", "estrategia_automacoes", "estrategia_analytics"],
  customer_support: ["tickets", "customers", ...INBOX],
  sales_ldr: ["leads", "customers", ...CRM, ...INBOX],
  sales_bdr: ["leads", "customers", ...CRM, ...INBOX],
  sales_closer: ["leads", "customers", ...CRM, ...INBOX],
  agency_client: ["projects", "portal_relatorios"],
  user: ["projects", "tasks"],
};

const FULL: PermissionFlags = { canView: true, canCreate: true, canEdit: true, canDelete: true };
const WORK: PermissionFlags = { canView: true, canCreate: true, canEdit: true, canDelete: false };
const READ: PermissionFlags = { canView: true, canCreate: false, canEdit: false, canDelete: false };
const NONE: PermissionFlags = { canView: false, canCreate: false, canEdit: false, canDelete: false };

const PROJECT_MANAGER_DELETES = new Set<Module>(["projects", "projetos_tarefas", "projetos_calendario", "tasks"]);

/**
 * How a module in a role's list becomes four flags (docs/decisions/002-permission-seed.md):
 * managers get everything; the project manager may also delete project work; staff work
 * (view, create, edit); clients and plain users only read. Everyone views the dashboard.
 */
function defaultFlags(role: Role, module: Module): PermissionFlags {
  if (module === "dashboard") return role === "super_admin" ? FULL : READ;
  if (!ROLE_MODULES[role].includes(module)) return NONE;
  if (role === "super_admin" || role === "agency_manager") return FULL;
  if (role === "project_manager") return PROJECT_MANAGER_DELETES.has(module) ? FULL : WORK;
  if (role === "agency_client" || role === "user") return READ;
  return WORK;
}

const SALES_ROLES = new Set<Role>(["sales_ldr", "sales_bdr", "sales_closer"]);
const TEAM_ROLES = new Set<Role>([
  "team_designer",
  "team_copywriter",
  "team_webdesigner",
  "team_automation",
  "team_traffic",
]);
const SALES_RECORD_MODULES = new Set<Module>([...CRM, "leads", "customers"]);
const DELIVERY_RECORD_MODULES = new Set<Module>([...TEAM_PROJECTS, "projetos_clientes"]);

/**
 * Salespeople reach their own CRM records, the team the projects it works on and its own
 * time, clients only what is theirs; everyone else the whole agency (issues 16 and 17).
 */
export function defaultRecordScope(role: Role, module: Module): RecordScope {
  if (role === "agency_client") return module === "dashboard" ? "all" : "own";
  if (SALES_ROLES.has(role) && SALES_RECORD_MODULES.has(module)) return "own";
  if (TEAM_ROLES.has(role) && DELIVERY_RECORD_MODULES.has(module)) return "own";
  return "all";
}

/** Every role × module pair with its default flags and scope: the seed of role_permissions. */
export function defaultPermissionRows(): PermissionRow[] {
  return ROLES.flatMap((role) =>
    MODULES.map((module) => ({
      role,
      module,
      ...defaultFlags(role, module),
      recordScope: defaultRecordScope(role, module),
    })),
  );
}

/** Create, edit or delete without view makes no sense: those imply view. */
export function withImpliedView(flags: PermissionFlags): PermissionFlags {
  const anyWrite = flags.canCreate || flags.canEdit || flags.canDelete;
  return { ...flags, canView: flags.canView || anyWrite };
}

export const NO_PERMISSION: PermissionFlags = NONE;
export const FULL_PERMISSION: PermissionFlags = FULL;

/**
 * One switch of the permissions table: turning view off turns everything off; turning create,
 * edit or delete on turns view on too. The server applies this, whatever the browser sends.
 */
export function withToggledAction(flags: PermissionFlags, action: Action, enabled: boolean): PermissionFlags {
  if (action === "view" && !enabled) return NONE;
  return withImpliedView({ ...flags, [ACTION_FLAG[action]]: enabled });
}

export type PermissionLevel = "none" | "full" | "limited" | "read-only";

/** Badge level of a module (spec §4). */
export function permissionLevel(flags: PermissionFlags | undefined): PermissionLevel {
  if (!flags?.canView) return "none";
  if (flags.canCreate && flags.canEdit && flags.canDelete) return "full";
  if (flags.canCreate || flags.canEdit) return "limited";
  return "read-only";
}

export const PERMISSION_LEVEL_LABELS: Record<PermissionLevel, string> = {
  none: "Sem acesso",
  full: "Completo",
  limited: "Limitado",
  "read-only": "Leitura",
};

export function allows(flags: PermissionFlags | undefined, action: Action): boolean {
  return Boolean(flags?.[ACTION_FLAG[action]]);
}
