import { createHash } from "node:crypto";
import { defaultPermissionRows } from "#domain/permissions.ts";
import { ASSIGNABLE_ROLES } from "#domain/roles.ts";
import { toRecord } from "#domain/schemas/permissions.ts";
import type { AnyRoute } from "#server/http/route.ts";
import type { AgencyFixture } from "./battery.ts";
import { logoMarker, pngWithMarker } from "./logo.ts";
import type { RawBody } from "./route-request.ts";

export type SampleContext = { agency: AgencyFixture; unique: string };

/**
 * A VALID body (or query) for each route with a schema, built for the caller's own agency.
 * The batteries mutate it (forged agency ids, fuzzing), so it must pass the route's schema.
 */
/**
 * A permission row as seeded, of the last assignable role (never the caller the batteries pick):
 * switching its view on again and importing it as it is change nothing the batteries rely on.
 */
const UNCHANGED_PERMISSION = (() => {
  const role = ASSIGNABLE_ROLES[ASSIGNABLE_ROLES.length - 1];
  const row = defaultPermissionRows().find((r) => r.role === role && r.canView);
  if (!row) throw new Error(`no seeded permission with view for ${role}`);
  return row;
})();

/** The role the seeded permission template was made from (support/battery.ts). */
export const TEMPLATE_ROLE = "user";

export const BODY_SAMPLES: Record<string, (ctx: SampleContext) => Record<string, unknown>> = {
  "POST /api/api-keys": ({ unique }) => ({ name: `Chave ${unique}`, role: "user" }),
  // A public name (.invalid never resolves): registration checks it, nothing is ever delivered.
  "POST /api/webhooks": ({ unique }) => ({ url: `https://hooks-${unique}.exemplo.invalid/nexo`, events: ["deal.won"] }),
  "POST /api/admin-setup": ({ unique }) => ({ email: `setup-${unique}@example.com`, password: "Segura@2026!x" }),
  "POST /api/invites/accept": ({ agency }) => ({ token: agency.inviteToken }),
  "POST /api/admin/agencies": ({ unique }) => ({ name: `Agência ${unique}`, slug: `agencia-${unique}` }),
  // As the edit form sends it: every field, the user limit above the battery agency's members and invites.
  "PUT /api/admin/agencies/:id": ({ agency }) => ({
    name: agency.name,
    slug: `agencia-${agency.key}`,
    domain: "",
    contactEmail: "",
    contactPhone: "",
    subscriptionPlan: "basic",
    maxUsers: 1000,
    maxClients: 50,
    maxProjects: 100,
    subscriptionStatus: "active",
  }),
  "POST /api/admin/users/delete": ({ unique }) => ({ email: `ninguem-${unique}@example.com` }),
  "POST /api/audit-logs/cleanup": () => ({ days: 3650 }),
  "POST /api/admin/security/unlock": ({ unique }) => ({ email: `ninguem-${unique}@example.com` }),
  "POST /api/password-reset/request": ({ unique }) => ({ email: `ninguem-${unique}@example.com` }),
  "POST /api/password-reset/confirm": () => ({ token: "x".repeat(43), password: "Segura@2026!x" }),
  // No link holds this token: refused before anything is written, whoever calls.
  "POST /api/email-verification/confirm": () => ({ token: "x".repeat(43) }),
  // A wrong current password: refused before anything is written, whoever calls.
  "POST /api/me/password": () => ({ currentPassword: "Errada@Senha2026", newPassword: "Segura@2026!x" }),
  "POST /api/me/reauthenticate": () => ({ password: "Errada@Senha2026" }),
  // The fixture's :userId is the agency's team_designer: giving the same role writes nothing.
  "PUT /api/agency/users/:userId/role": () => ({ role: "team_designer" }),
  "POST /api/agency/invites": ({ agency, unique }) => ({
    email: `convite-${unique}@${agency.key}.example.com`,
    role: "team_designer",
  }),
  "PATCH /api/admin/permissions": () => ({
    role: UNCHANGED_PERMISSION.role,
    module: UNCHANGED_PERMISSION.module,
    action: "view",
    enabled: true,
  }),
  "POST /api/admin/permissions/templates": ({ unique }) => ({
    name: `Modelo ${unique}`,
    description: "Modelo da bateria de segurança",
    role: TEMPLATE_ROLE,
  }),
  // The seeded template holds this role's rows: applying it back leaves the flags as they are.
  "POST /api/admin/permissions/templates/:id/apply": () => ({ role: TEMPLATE_ROLE }),
  "POST /api/admin/permissions/import": () => ({
    data: JSON.stringify({ permissions: [toRecord(UNCHANGED_PERMISSION)] }),
  }),
  "PUT /api/agency/profile": ({ agency }) => ({
    name: agency.name,
    contactEmail: `contato@${agency.key}.example.com`,
    contactPhone: "(11) 3333-4444",
    website: `https://${agency.key}.example.com`,
    taxId: "11.222.333/0001-81",
    primaryColor: "#3B82F6",
    address: "Rua das Flores, 100",
    city: "São Paulo",
    state: "SP",
    zipCode: "01000-000",
    country: "Brasil",
    timezone: "America/Sao_Paulo",
    currency: "BRL",
  }),
  "PUT /api/agency/settings": () => ({ key: "language", value: "pt-BR" }),
  "PUT /api/notifications/preferences": () => ({ kind: "mentioned", email: false }),
  "POST /api/projects": ({ unique }) => ({ name: `Projeto ${unique}` }),
  // A deal that is not won: refused with 400, nothing written.
  "POST /api/projects/from-deal": ({ agency }) => ({ dealId: agency.firstId("leads") }),
  "PATCH /api/projects/:projectId": () => ({ tags: ["bateria"] }),
  "POST /api/projects/:projectId/template": ({ unique }) => ({ name: `Modelo ${unique}` }),
  "POST /api/tasks": ({ agency, unique }) => ({ projectId: agency.firstId("projects"), title: `Tarefa ${unique}` }),
  "PATCH /api/tasks/:taskId": () => ({ priority: "alta" }),
  "POST /api/tasks/:taskId/move": () => ({ status: "in_progress", afterId: null, beforeId: null }),
  "POST /api/tasks/:taskId/comments": ({ unique }) => ({ body: `Comentário ${unique}`, mentionIds: [] }),
  "POST /api/time/timer/start": ({ agency }) => ({ projectId: agency.firstId("projects") }),
  "POST /api/time/entries": ({ agency }) => ({
    projectId: agency.firstId("projects"),
    startedAt: "2026-02-02T12:00:00.000Z",
    durationMinutes: 30,
  }),
  "PATCH /api/time/entries/:entryId": () => ({ billable: true }),
  "POST /api/time/entries/approve": ({ agency }) => ({ entryIds: [agency.firstId("time_entries")] }),
  "PUT /api/time/rates": ({ agency }) => ({ userId: agency.members.team_designer.id, rateCents: 12000 }),
  "POST /api/calendar/meetings": ({ unique }) => ({
    title: `Reunião ${unique}`,
    startsAt: "2026-02-03T13:00:00.000Z",
    endsAt: "2026-02-03T14:00:00.000Z",
  }),
  "POST /api/finance/quotes": ({ agency }) => financeQuote(agency),
  // The seeded quote is accepted: the edit answers 409 before the version is compared, and writes nothing.
  "PUT /api/finance/quotes/:quoteId": ({ agency }) => ({
    ...financeQuote(agency),
    expectedUpdatedAt: "2026-11-20T12:00:00.000Z",
  }),
  // The seeded quote is already accepted and invoiced: these answer 409 and write nothing.
  "POST /api/finance/quotes/:quoteId/invoice": () => ({ issueDate: "2026-11-20", dueDate: "2026-11-30" }),
  "POST /api/finance/billable-time/:projectId/invoice": () => ({
    issueDate: "2026-11-20",
    dueDate: "2026-11-30",
    expectedTotalCents: 0,
  }),
  "POST /api/public/quotes/:quoteToken/decision": () => ({ decision: "aceitar", name: "Cliente da Bateria" }),
  "POST /api/finance/invoices": ({ agency }) => ({
    companyId: agency.firstId("companies"),
    issueDate: "2026-11-20",
    dueDate: "2026-11-30",
    items: [{ service: "Serviço", quantity: 1, unitPriceCents: 10_000 }],
  }),
  "POST /api/finance/invoices/:invoiceId/cancel": () => ({ reason: "Cancelada pela bateria" }),
  "POST /api/finance/payments": ({ agency }) => ({
    invoiceId: agency.firstId("invoices"),
    paidOn: "2026-11-20",
    amountCents: 100,
    method: "pix",
  }),
  "POST /api/finance/payments/:paymentId/reverse": () => ({ reason: "Estornado pela bateria" }),
  "POST /api/finance/expenses": () => ({ supplier: "Fornecedor", spentOn: "2026-11-20", amountCents: 1_000 }),
  "PUT /api/finance/expenses/:expenseId": () => ({ supplier: "Fornecedor", spentOn: "2026-11-20", amountCents: 1_000 }),
  "POST /api/finance/price-items": ({ unique }) => ({ name: `Serviço ${unique}`, unitPriceCents: 10_000 }),
  "POST /api/finance/schedules": ({ agency }) => ({
    companyId: agency.firstId("companies"),
    description: "Retainer",
    amountCents: 10_000,
    dayOfMonth: 5,
    startDate: "2026-01-01",
  }),
  "PUT /api/finance/settings": ({ agency }) => ({ pixKeyType: "email", pixKey: `pix@${agency.key}.example.com` }),
  // CRM (issue 16).
  "POST /api/crm/contacts": ({ unique }) => ({ name: `Contato ${unique}`, email: `contato-${unique}@example.com` }),
  "PUT /api/crm/contacts/:id": ({ unique }) => ({ name: `Contato ${unique}`, version: 1 }),
  "POST /api/crm/contacts/bulk": () => ({
    ids: ["00000000-0000-4000-8000-000000000000"],
    action: { kind: "add_tag", tag: "bateria" },
  }),
  "POST /api/crm/contacts/merge": () => ({
    keepId: "00000000-0000-4000-8000-000000000001",
    mergeId: "00000000-0000-4000-8000-000000000002",
  }),
  "POST /api/crm/imports": ({ unique }) => ({
    fileName: `bateria-${unique}.csv`,
    csv: `Nome;E-mail\nImportado ${unique};imp-${unique}@example.com\n`,
    mapping: { Nome: "name", "E-mail": "email" },
  }),
  "POST /api/crm/companies": ({ unique }) => ({ name: `Empresa ${unique}` }),
  "PUT /api/crm/companies/:id": ({ unique }) => ({ name: `Empresa ${unique}`, version: 1 }),
  "POST /api/crm/deals": ({ unique }) => ({ title: `Negócio ${unique}`, valueCents: 1000 }),
  "PATCH /api/crm/deals/:id": ({ unique }) => ({ title: `Negócio ${unique}`, version: 1 }),
  "POST /api/crm/deals/:id/outcome": () => ({ outcome: "open" }),
  "POST /api/crm/deals/:id/move": ({ agency }) => ({ stageId: agency.firstId("pipeline_stages"), afterId: null }),
  "POST /api/crm/custom-fields": ({ unique }) => ({ entity: "contact", label: `Campo ${unique}`, fieldType: "text" }),
  "PUT /api/crm/custom-fields/:id": ({ unique }) => ({ label: `Campo ${unique}`, fieldType: "text", options: [] }),
  "PUT /api/crm/custom-fields/order": ({ agency }) => ({
    entity: "contact",
    ids: [agency.firstId("crm_custom_fields")],
  }),
  "POST /api/crm/pipelines": ({ unique }) => ({ name: `Funil ${unique}` }),
  "PATCH /api/crm/pipelines/:id": ({ unique }) => ({ name: `Funil ${unique}` }),
  "POST /api/crm/pipelines/:id/stages": ({ unique }) => ({
    name: `Etapa ${unique}`,
    color: "teal",
    winProbability: 40,
  }),
  "PATCH /api/crm/stages/:id": ({ unique }) => ({ name: `Etapa ${unique}`, color: "teal", winProbability: 40 }),
  // The fixture pipeline's stages are not known here: a well-formed list the handler refuses (409).
  "PUT /api/crm/pipelines/:id/stages/order": ({ agency }) => ({ ids: [agency.firstId("pipeline_stages")] }),
  "POST /api/crm/views": ({ unique }) => ({ entity: "contact", name: `Visão ${unique}`, filters: { status: "lead" } }),
  "PATCH /api/admin/permissions/scope": () => ({
    role: UNCHANGED_PERMISSION.role,
    module: UNCHANGED_PERMISSION.module,
    recordScope: UNCHANGED_PERMISSION.recordScope,
  }),
  ...Object.fromEntries(
    (["contacts", "companies", "deals"] as const).flatMap((path) => [
      [`POST /api/crm/${path}/:id/activities`, () => ({ kind: "note", text: "Nota da bateria" })],
      [`POST /api/crm/${path}/:id/tasks`, () => ({ title: "Tarefa da bateria" })],
    ]),
  ),
};

function financeQuote(agency: SampleContext["agency"]) {
  return {
    companyId: agency.firstId("companies"),
    title: "Orçamento da bateria",
    issueDate: "2026-11-20",
    validUntil: "2026-12-20",
    items: [{ service: "Serviço", quantity: 1, unitPriceCents: 10_000 }],
  };
}

/**
 * Routes that take raw bytes (a body limit and no body schema): a valid upload for the agency.
 * The logo keeps the agency's marker (the leak detector looks for it) in new bytes each time.
 */
export const RAW_BODY_SAMPLES: Record<string, (ctx: SampleContext) => RawBody> = {
  "PUT /api/agency/logo": ({ agency, unique }) => {
    const [r, g, b] = createHash("sha256").update(unique).digest();
    return { raw: pngWithMarker(logoMarker(agency.key), [r, g, b]), contentType: "image/png" };
  },
  "POST /api/records/:recordType/:recordId/attachments": ({ agency, unique }) => {
    const [r, g, b] = createHash("sha256").update(unique).digest();
    return { raw: pngWithMarker(logoMarker(agency.key), [r, g, b]), contentType: "application/octet-stream" };
  },
};

export const QUERY_SAMPLES: Record<string, (ctx: SampleContext) => Record<string, string>> = {
  "GET /api/admin/agencies": () => ({}),
  "GET /api/audit-logs": () => ({}),
  "GET /api/agency/users": () => ({ limit: "20" }),
  "GET /api/api-keys": () => ({ limit: "20" }),
  "GET /api/webhooks": () => ({ limit: "20" }),
  "GET /api/webhooks/:webhookId/deliveries": () => ({ limit: "20" }),
  "GET /api/agency/invites": () => ({ limit: "20" }),
  "GET /api/notifications": () => ({ limit: "20" }),
  "GET /api/search": ({ agency }) => ({ q: `Empresa ${agency.key}` }),
  "GET /api/timeline/:recordType/:recordId": () => ({ limit: "20" }),
  "POST /api/records/:recordType/:recordId/attachments": ({ agency }) => ({ name: `anexo-${agency.key}.png` }),
  "GET /api/projects": () => ({ limit: "20" }),
  "DELETE /api/projects/:projectId": () => ({}),
  "GET /api/tasks": () => ({}),
  "GET /api/tasks/board": () => ({}),
  "GET /api/tasks/board/column": () => ({ status: "pending" }),
  "GET /api/time/timesheet": () => ({ week: "2026-02-02" }),
  "GET /api/time/report": () => ({ from: "2026-02-01", to: "2026-02-28", groupBy: "project" }),
  "GET /api/time/export": () => ({ from: "2026-02-01", to: "2026-02-28", groupBy: "project" }),
  "GET /api/calendar": () => ({ from: "2026-02-01T00:00:00.000Z", to: "2026-03-01T00:00:00.000Z" }),
  "GET /api/crm/contacts": () => ({ limit: "20" }),
  "GET /api/crm/contacts/export": () => ({}),
  "GET /api/crm/companies": () => ({ limit: "20" }),
  "GET /api/crm/companies/export": () => ({}),
  "GET /api/crm/board": () => ({}),
  "GET /api/crm/board/stages/:id": () => ({}),
  "GET /api/crm/deals": () => ({ limit: "20" }),
  "GET /api/crm/deals/export": () => ({}),
  "GET /api/crm/reports": () => ({ from: "2020-01-01", to: "2030-12-31" }),
  "GET /api/crm/people": () => ({ for: "deals" }),
  ...Object.fromEntries(
    (["contacts", "companies", "deals"] as const).map((path) => [
      `GET /api/crm/${path}/:id/timeline`,
      () => ({ limit: "20" }),
    ]),
  ),
  "GET /api/admin/users": () => ({ q: "example" }),
  "GET /api/finance/overview": () => ({ from: "2026-01-01", to: "2026-12-31" }),
  "GET /api/finance/invoices": () => ({ status: "vencida", from: "2026-01-01", to: "2026-12-31" }),
  "GET /api/finance/payments": () => ({ method: "pix" }),
  "GET /api/finance/payments.csv": () => ({ from: "2026-01-01" }),
  "GET /api/finance/quotes": () => ({}),
  "GET /api/finance/project-estimates": () => ({}),
  "GET /api/finance/expenses": () => ({}),
};

export const routeKey = (route: Pick<AnyRoute, "method" | "path">) => `${route.method} ${route.path}`;

function sampleFrom<T>(
  table: Record<string, (ctx: SampleContext) => T>,
  tableName: string,
  route: AnyRoute,
  ctx: SampleContext,
): T {
  const make = table[routeKey(route)];
  if (!make) {
    throw new Error(
      `no valid sample for ${routeKey(route)} — add '${routeKey(route)}': (ctx) => ({ ... }) to ${tableName} in tests/security/support/samples.ts`,
    );
  }
  return make(ctx);
}

let counter = 0;
export const uniqueSuffix = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export function sampleBody(route: AnyRoute, agency: AgencyFixture): Record<string, unknown> | undefined {
  if (!route.body) return undefined;
  return sampleFrom(BODY_SAMPLES, "BODY_SAMPLES", route, { agency, unique: uniqueSuffix() });
}

/** A route with a body limit but no body schema reads raw bytes (an upload). */
export const takesRawBytes = (route: AnyRoute) => !route.body && route.bodyLimit !== undefined;

export function sampleRawBody(route: AnyRoute, agency: AgencyFixture): RawBody | undefined {
  if (!takesRawBytes(route)) return undefined;
  return sampleFrom(RAW_BODY_SAMPLES, "RAW_BODY_SAMPLES", route, { agency, unique: uniqueSuffix() });
}

/** What a valid request of the route carries: its JSON sample, its raw upload, or nothing. */
export function sampleRequestBody(
  route: AnyRoute,
  agency: AgencyFixture,
): Record<string, unknown> | RawBody | undefined {
  return sampleBody(route, agency) ?? sampleRawBody(route, agency);
}

export function sampleQuery(route: AnyRoute, agency: AgencyFixture): Record<string, string> | undefined {
  if (!route.query) return undefined;
  return sampleFrom(QUERY_SAMPLES, "QUERY_SAMPLES", route, { agency, unique: uniqueSuffix() });
}

/** The sample must really be valid, or every battery built on it tests nothing. */
export function assertSampleIsValid(route: AnyRoute, agency: AgencyFixture): void {
  for (const [schema, value] of [
    [route.body, sampleBody(route, agency)],
    [route.query, sampleQuery(route, agency)],
  ] as const) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new Error(
        `the sample of ${routeKey(route)} in tests/security/support/samples.ts no longer passes its schema: ${parsed.error.issues[0]?.message}`,
      );
    }
  }
}
