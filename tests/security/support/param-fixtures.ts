import type { AgencyFixture } from "./battery.ts";

/**
 * Which resource fills a path parameter: the given agency's resource of that kind. The isolation
 * battery fills them with the VICTIM agency's resources, the other batteries with the caller's own.
 */
export type ParamFixture = {
  of: (agency: AgencyFixture) => string;
  /**
   * Set when the value is a bearer secret (an invite token): whoever holds it may read the
   * resource even from another agency, by design. Say why.
   */
  bearerSecret?: string;
};

/** Parameter names that mean the same resource on every route. */
export const PARAM_FIXTURES: Record<string, ParamFixture> = {
  agencyId: { of: (a) => a.id },
  userId: { of: (a) => a.members.team_designer.id },
  inviteId: { of: (a) => a.cancellableInviteId },
  customerId: { of: (a) => a.firstId("customers") },
  projectId: { of: (a) => a.firstId("projects") },
  leadId: { of: (a) => a.firstId("leads") },
  taskId: { of: (a) => a.firstId("tasks") },
  settingId: { of: (a) => a.firstId("agency_settings") },
  auditLogId: { of: (a) => a.firstId("audit_logs") },
  entryId: { of: (a) => a.firstId("time_entries") },
  feedToken: {
    of: (a) => `feed-${a.key}-${"z".repeat(30)}`,
    bearerSecret: "o link secreto do calendário é a credencial (Google Agenda e Outlook não enviam cookie)",
  },
  jobId: { of: (a) => a.firstId("job_runs") },
  recordType: { of: () => "company" },
  recordId: { of: (a) => a.firstId("companies") },
  attachmentId: { of: (a) => a.firstId("attachments") },
  backupId: { of: (a) => a.firstId("agency_backups") },
  apiKeyId: { of: (a) => a.firstId("api_keys") },
  webhookId: { of: (a) => a.firstId("webhooks") },
  notificationId: { of: (a) => a.firstId("notifications") },
  // One's own sessions only: an id of nobody's session, so the battery never signs a member out.
  sessionId: { of: () => "00000000-0000-4000-8000-000000000000" },
  quoteId: { of: (a) => a.firstId("quotes") },
  invoiceId: { of: (a) => a.firstId("invoices") },
  scheduleId: { of: (a) => a.firstId("recurring_invoice_schedules") },
  expenseId: { of: (a) => a.firstId("expenses") },
  paymentId: { of: (a) => a.firstId("payments") },
  quoteToken: {
    of: (a) => a.quoteToken,
    bearerSecret: "o link público do orçamento é a credencial do cliente, que não tem conta na agência",
  },
  token: {
    of: (a) => a.inviteToken,
    bearerSecret: "o link do convite é a credencial: quem o recebeu ainda não pertence à agência",
  },
};

/** Ambiguous names (`:id`) are declared per route path. */
export const ROUTE_PARAM_FIXTURES: Record<string, Record<string, ParamFixture>> = {
  "/api/admin/agencies/:id": { id: { of: (a) => a.id } },
  "/api/admin/export/agencies/:id": { id: { of: (a) => a.id } },
  // Platform-wide resources: the same template and backup whichever agency is asked for.
  "/api/admin/permissions/templates/:id/apply": { id: { of: (a) => a.platform.templateId } },
  "/api/admin/permissions/templates/:id": { id: { of: (a) => a.platform.templateId } },
  "/api/admin/permissions/backups/:id/restore": { id: { of: (a) => a.platform.backupId } },
  "/api/admin/permissions/backups/:id": { id: { of: (a) => a.platform.backupId } },
  ...crmParamFixtures(),
};

/** CRM routes (issue 16): `:id` is a contact, company, deal, stage, import, field or view. */
function crmParamFixtures(): Record<string, Record<string, ParamFixture>> {
  const byTable = (table: string) => ({ id: { of: (a: AgencyFixture) => a.firstId(table) } });
  const out: Record<string, Record<string, ParamFixture>> = {
    "/api/crm/board/stages/:id": byTable("pipeline_stages"),
    "/api/crm/imports/:id": byTable("crm_imports"),
    "/api/crm/custom-fields/:id": byTable("crm_custom_fields"),
    "/api/crm/views/:id": byTable("crm_saved_views"),
    "/api/crm/pipelines/:id": byTable("pipelines"),
    "/api/crm/pipelines/:id/stages": byTable("pipelines"),
    "/api/crm/pipelines/:id/stages/order": byTable("pipelines"),
    "/api/crm/stages/:id": byTable("pipeline_stages"),
  };
  for (const [path, table] of [
    ["contacts", "customers"],
    ["companies", "companies"],
    ["deals", "leads"],
  ] as const) {
    for (const suffix of ["", "/restore", "/timeline", "/activities", "/tasks", "/move", "/outcome"])
      out[`/api/crm/${path}/:id${suffix}`] = byTable(table);
  }
  return out;
}

const PARAM_PATTERN = /:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?\??/g;

export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM_PATTERN)].map((match) => match[1]);
}

export function paramFixture(path: string, param: string): ParamFixture {
  const fixture = ROUTE_PARAM_FIXTURES[path]?.[param] ?? (param === "id" ? undefined : PARAM_FIXTURES[param]);
  if (fixture) return fixture;
  const hint =
    param === "id"
      ? `add '${path}': { id: { of: (agency) => ... } } to ROUTE_PARAM_FIXTURES`
      : `add ${param}: { of: (agency) => ... } to PARAM_FIXTURES`;
  throw new Error(
    `no fixture for path param :${param} of ${path} — ${hint} in tests/security/support/param-fixtures.ts`,
  );
}

/** The route's path with every parameter filled with the agency's resource of that kind. */
export function fillPath(path: string, agency: AgencyFixture): string {
  return path.replace(PARAM_PATTERN, (_match, param: string) =>
    encodeURIComponent(paramFixture(path, param).of(agency)),
  );
}

export function isBearerSecretRoute(path: string): boolean {
  return pathParams(path).some((param) => paramFixture(path, param).bearerSecret !== undefined);
}

/**
 * The API reference's script files are a library's bundle, the same bytes for everyone and no
 * agency's data: their text holds common words a fingerprint may be (the demo's "Software") and
 * the library's own source paths, which are no stack trace of ours.
 */
export function servesLibraryAsset(path: string): boolean {
  return /^\/api\/docs\/[\w-]+\.js$/.test(path);
}
