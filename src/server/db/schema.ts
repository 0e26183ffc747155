import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companies } from "./schema-shared-model.ts";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------
// Identity (better-auth owns these; not tenant tables, never reached by the app role)
// ---------------------------------------------------------------------------

export const user = pgTable("user", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  company: text("company"),
  signupRole: text("signup_role").notNull().default("user"),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Issue 13 (migration 0011): this session passed the second factor; its last re-authentication.
    twoFactorVerified: boolean("two_factor_verified").notNull().default(false),
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

export const rateLimit = pgTable(
  "rate_limit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull().unique(),
    count: integer("count").notNull(),
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limit_last_request_idx").on(t.lastRequest)],
);

/** One row per failed sign-in; counted per e-mail and per IP inside the lockout window. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sign_in_failures_email_idx").on(t.email, t.createdAt),
    index("sign_in_failures_ip_idx").on(t.ipAddress, t.createdAt),
    // The super admin's recent failures and the housekeeping prune read by time alone.
    index("sign_in_failures_created_idx").on(t.createdAt),
  ],
);

export const accountLockouts = pgTable(
  "account_lockouts",
  {
    email: text("email").primaryKey(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("account_lockouts_locked_until_idx").on(t.lockedUntil)],
);

/** Mail that could not be sent through SMTP (or SMTP is not configured). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    html: text("html"),
    /** pending until a delivery job sends it (sent) or gives up after its last attempt (failed). */
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------------------
// Platform tables
// ---------------------------------------------------------------------------

export const agencies = pgTable(
  "agencies",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    domain: text("domain"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    zipCode: text("zip_code"),
    website: text("website"),
    taxId: text("tax_id"),
    primaryColor: text("primary_color").notNull().default("#3B82F6"),
    timezone: text("timezone").notNull().default("America/Sao_Paulo"),
    currency: text("currency").notNull().default("BRL"),
    logoUrl: text("logo_url"),
    subscriptionPlan: text("subscription_plan").notNull().default("basic"),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    maxUsers: integer("max_users").notNull().default(10),
    maxClients: integer("max_clients").notNull().default(50),
    maxProjects: integer("max_projects").notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("agencies_created_idx").on(t.createdAt, t.id)],
);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    agencyId: uuid("agency_id").references(() => agencies.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    company: text("company"),
    language: text("language").notNull().default("pt-BR"),
    /**
     * The user's role as user_roles has it (the source), copied by triggers (migration 0008) so
     * member lists read it without a lookup per member under user_roles' row-level security.
     * Never written by the app.
     */
    role: text("role").notNull().default("user"),
    /**
     * "user".email_verified and the e-mail's lock (account_lockouts, kept also after it ends: read
     * it against now()), copied by triggers (migration 0043) so the members list reads them from
     * its own rows. Never written by the app.
     */
    emailVerified: boolean("email_verified").notNull().default(false),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The member's fixed fields as the members of its JSON in the members list (id, e-mail, names,
     * creation time, e-mail verification), written by a trigger whenever the row is (migration
     * 0056, decision 033). Never written by the app.
     */
    memberJsonFields: text("member_json_fields").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("profiles_agency_idx").on(t.agencyId, t.createdAt, t.id),
    index("profiles_lower_email_idx").on(sql`lower(${t.email})`),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("user"),
    createdAt: createdAt(),
  },
  (t) => [index("user_roles_role_idx").on(t.role)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    id: id(),
    role: text("role").notNull(),
    module: text("module").notNull(),
    canView: boolean("can_view").notNull().default(false),
    canCreate: boolean("can_create").notNull().default(false),
    canEdit: boolean("can_edit").notNull().default(false),
    canDelete: boolean("can_delete").notNull().default(false),
    recordScope: text("record_scope").$type<"all" | "own">().notNull().default("all"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("role_permissions_role_module_idx").on(t.role, t.module)],
);

export const permissionTemplates = pgTable("permission_templates", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  role: text("role").notNull(),
  permissions: jsonb("permissions").notNull(),
  createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Tenant tables: agency_id not null, every index leads with agency_id, RLS on
// ---------------------------------------------------------------------------

const agencyId = () =>
  uuid("agency_id")
    .notNull()
    .references(() => agencies.id, { onDelete: "cascade" });

export const agencyInvites = pgTable(
  "agency_invites",
  {
    id: id(),
    agencyId: agencyId(),
    email: text("email").notNull(),
    role: text("role").notNull().default("user"),
    invitedBy: uuid("invited_by").references(() => user.id, { onDelete: "set null" }),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("agency_invites_pending_idx").on(t.agencyId, t.createdAt).where(sql`accepted_at is null`),
    // At most one pending invite per e-mail per agency; expiry is checked in the service.
    uniqueIndex("agency_invites_one_pending_idx")
      .on(t.agencyId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null`),
  ],
);

export const agencySettings = pgTable(
  "agency_settings",
  {
    id: id(),
    agencyId: agencyId(),
    settingKey: text("setting_key").notNull(),
    settingValue: jsonb("setting_value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("agency_settings_key_idx").on(t.agencyId, t.settingKey)],
);

/** agency_id is null for platform events (super admin actions, unknown-account sign-in failures). */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    userId: uuid("user_id"),
    agencyId: uuid("agency_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    details: jsonb("details"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    /** What the free-text search reads (migration 0045, decision 008): never sent to the app. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(audit_search_text(action, resource_type, resource_id, details))`,
    ),
  },
  (t) => [
    index("audit_logs_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("audit_logs_created_idx").on(t.createdAt, t.id),
    index("audit_logs_agency_action_idx").on(t.agencyId, t.action, t.createdAt),
    index("audit_logs_agency_resource_idx").on(t.agencyId, t.resourceType, t.createdAt),
    index("audit_logs_agency_user_idx").on(t.agencyId, t.userId, t.createdAt),
    index("audit_logs_user_idx").on(t.userId, t.createdAt),
    index("audit_logs_resource_created_idx").on(t.resourceType, t.createdAt),
    // Platform-wide (super admin) filters by action and by IP (issue 6).
    index("audit_logs_action_created_idx").on(t.action, t.createdAt),
    index("audit_logs_ip_created_idx").on(t.ipAddress, t.createdAt),
  ],
);

export const customers = pgTable(
  "customers",
  {
    id: id(),
    agencyId: agencyId(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    position: text("position"),
    document: text("document"),
    status: text("status").notNull().default("lead"),
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    notes: text("notes"),
    lastContactAt: timestamp("last_contact_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // CRM contact fields (migration 0013, decision 014).
    companyId: uuid("company_id"),
    whatsapp: text("whatsapp"),
    city: text("city"),
    state: text("state"),
    source: text("source"),
    tags: text("tags").array().notNull().default(sql`'{}'`),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    version: integer("version").notNull().default(1),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    searchText: text("search_text").generatedAlwaysAs(sql`crm_search_text(name, email, phone, document)`),
    /** Source and tags folded (migration 0048): what the Origem and Tag filters compare. */
    sourceFolded: text("source_folded").generatedAlwaysAs(sql`public.crm_fold(source)`),
    tagsFolded: text("tags_folded").array().generatedAlwaysAs(sql`public.crm_fold_tags(tags)`),
  },
  (t) => [
    index("customers_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("customers_agency_status_idx").on(t.agencyId, t.status),
    index("customers_agency_owner_idx").on(t.agencyId, t.ownerId),
    // The dashboard's contacts card reads this index alone (migration 0046).
    index("customers_agency_live_status_idx").on(t.agencyId, t.status, t.ownerId).where(sql`deleted_at IS NULL`),
  ],
);

export const projects = pgTable(
  "projects",
  {
    id: id(),
    agencyId: agencyId(),
    /** Legacy contact link, kept for rows from before client companies (migration 0014). */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    /** The won CRM deal the project came from; the CRM purge of the deal clears it (migration 0026). */
    dealId: uuid("deal_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    /** planejamento | em_andamento | pausado | concluido | cancelado (#domain/schemas/projects.ts). */
    status: text("status").notNull().default("planejamento"),
    budgetCents: bigint("budget_cents", { mode: "number" }).notNull().default(0),
    budgetHours: numeric("budget_hours", { precision: 10, scale: 2 }).notNull().default("0"),
    /** Overrides the members' own hourly rates on this project. */
    hourlyRateCents: bigint("hourly_rate_cents", { mode: "number" }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    startDate: timestamp("start_date", { withTimezone: true }),
    dueDate: timestamp("due_date", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Soft delete: a project with time entries keeps them (and their history) after deletion. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("projects_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("projects_agency_status_idx").on(t.agencyId, t.status),
    index("projects_agency_customer_idx").on(t.agencyId, t.customerId),
    index("projects_agency_company_idx").on(t.agencyId, t.companyId),
    index("projects_agency_owner_idx").on(t.agencyId, t.ownerId),
    // One live project per won deal (migration 0052).
    uniqueIndex("projects_agency_deal_unique_idx")
      .on(t.agencyId, t.dealId)
      .where(sql`deal_id IS NOT NULL AND deleted_at IS NULL`),
  ],
);

export const leads = pgTable(
  "leads",
  {
    id: id(),
    agencyId: agencyId(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    source: text("source"),
    status: text("status").notNull().default("new"),
    stage: text("stage").notNull().default("leads"),
    score: integer("score").notNull().default(0),
    estimatedValue: numeric("estimated_value", { precision: 14, scale: 2 }),
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // CRM deal fields (migration 0013, decision 014): the deal's title is `name`.
    // Filled by the deal_stage trigger when omitted (the stage named `stage`, else the first).
    pipelineId: uuid("pipeline_id").notNull().default(sql`null`),
    stageId: uuid("stage_id").notNull().default(sql`null`),
    position: text("position").notNull().default("a0"),
    valueCents: bigint("value_cents", { mode: "number" }).notNull().default(0),
    contactId: uuid("contact_id"),
    companyId: uuid("company_id"),
    expectedCloseOn: text("expected_close_on"),
    outcome: text("outcome").$type<"open" | "won" | "lost">().notNull().default("open"),
    lostReason: text("lost_reason"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    stageEnteredAt: timestamp("stage_entered_at", { withTimezone: true }).notNull().defaultNow(),
    tags: text("tags").array().notNull().default(sql`'{}'`),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    version: integer("version").notNull().default(1),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** crm_search_text(name, email, phone), kept by a trigger when those change (migration 0058). */
    searchText: text("search_text"),
  },
  (t) => [
    // The status, score and stage-name indexes of 0000 were dropped by 0057: no reader.
    index("leads_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    agencyId: agencyId(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** pending | in_progress | review | completed (#domain/schemas/tasks.ts). */
    status: text("status").notNull().default("pending"),
    priority: text("priority").notNull().default("media"),
    /** Legacy single assignee (before task_assignees); kept equal to the first assignee. */
    assigneeId: uuid("assignee_id").references(() => user.id, { onDelete: "set null" }),
    dueDate: timestamp("due_date", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Fractional-indexing key within the board column (byte order, COLLATE "C"). */
    position: text("position").notNull().default("a0"),
    checklist: jsonb("checklist").$type<{ id: string; text: string; done: boolean }[]>().notNull().default([]),
    recurrence: text("recurrence"),
    nextOccurrenceId: uuid("next_occurrence_id"),
    milestone: boolean("milestone").notNull().default(false),
    /** Raised by every change: an edit made on an older version is refused (migration 0052). */
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("tasks_agency_status_idx").on(t.agencyId, t.status),
    index("tasks_agency_due_idx").on(t.agencyId, t.dueDate),
    index("tasks_agency_project_idx").on(t.agencyId, t.projectId),
    index("tasks_agency_assignee_idx").on(t.agencyId, t.assigneeId),
    index("tasks_agency_board_page_idx").on(t.agencyId, t.projectId, t.status, t.position, t.id),
    index("tasks_agency_due_order_idx").on(t.agencyId, sql`(coalesce(${t.dueDate}, 'infinity'::timestamptz))`, t.id),
    // The dashboard's priority list, in its order (migration 0046).
    index("tasks_agency_open_priority_idx")
      .on(
        t.agencyId,
        sql`(CASE ${t.priority} WHEN 'alta' THEN 0 WHEN 'media' THEN 1 WHEN 'baixa' THEN 2 ELSE 3 END)`,
        t.dueDate,
        t.id,
      )
      .where(sql`status <> 'completed'`),
  ],
);

/** Tables that carry agency data and are guarded by row-level security. */
export const TENANT_TABLES = [
  "profiles",
  "agency_invites",
  "agency_settings",
  "audit_logs",
  "customers",
  "projects",
  "leads",
  "tasks",
  "companies",
  "timeline_events",
  "notifications",
  "notification_email_preferences",
  "project_members",
  "task_assignees",
  "task_dependencies",
  "task_comments",
  "meetings",
  "meeting_attendees",
  "time_entries",
  "user_hourly_rates",
  "project_templates",
  "calendar_feeds",
  "pipelines",
  "pipeline_stages",
  "crm_custom_fields",
  "crm_saved_views",
  "crm_imports",
  "job_runs",
  "attachments",
  "agency_backups",
  "api_keys",
  "webhooks",
  "webhook_deliveries",
  "finance_settings",
  "invoice_counters",
  "price_items",
  "quotes",
  "quote_items",
  "recurring_invoice_schedules",
  "invoices",
  "invoice_items",
  "payments",
  "expense_categories",
  "expenses",
] as const;

export * from "./schema-shared-model.ts";
export * from "./schema-platform.ts";
export * from "./schema-identity.ts";
export * from "./schema-delivery.ts";
export * from "./schema-finance.ts";
export * from "./schema-crm.ts";
