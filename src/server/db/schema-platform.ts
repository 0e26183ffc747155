import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies, user } from "./schema.ts";

// Platform services of migration 0012 (issue 15): jobs, files, API keys, webhooks.

const agencyRef = () =>
  uuid("agency_id")
    .notNull()
    .references(() => agencies.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const userRef = (name: string) => uuid(name).references(() => user.id, { onDelete: "set null" });

export type JobRunStatus = "queued" | "running" | "retrying" | "succeeded" | "failed";

export const jobRuns = pgTable(
  "job_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    ownerId: userRef("owner_id"),
    name: text("name").notNull(),
    status: text("status").$type<JobRunStatus>().notNull().default("queued"),
    done: integer("done").notNull().default(0),
    total: integer("total"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("job_runs_agency_owner_idx").on(t.agencyId, t.ownerId, sql`${t.createdAt} desc`, sql`${t.id} desc`)],
);

/** The embedded (PGlite) queue; on PostgreSQL graphile-worker keeps its own. */
export const jobQueue = pgTable("job_queue", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
  runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
  attempts: integer("attempts").notNull().default(0),
  maxAttempts: integer("max_attempts").notNull().default(25),
  jobKey: text("job_key").unique(),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  lastError: text("last_error"),
  failedAt: timestamp("failed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  lastPeriod: timestamp("last_period", { withTimezone: true }).notNull(),
});

export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    recordType: text("record_type").notNull(),
    recordId: uuid("record_id").notNull(),
    storageKey: text("storage_key").notNull(),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    uploadedBy: userRef("uploaded_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("attachments_record_idx").on(
      t.agencyId,
      t.recordType,
      t.recordId,
      sql`${t.createdAt} desc`,
      sql`${t.id} desc`,
    ),
  ],
);

/** Automatic backups (migration 0055): one row per gzipped backup file in the storage. */
export const agencyBackups = pgTable(
  "agency_backups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    storageKey: text("storage_key").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("agency_backups_agency_created_idx").on(t.agencyId, sql`${t.createdAt} desc`, sql`${t.id} desc`)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_agency_created_idx").on(t.agencyId, sql`${t.createdAt} desc`, sql`${t.id} desc`)],
);

export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    active: boolean("active").notNull().default(true),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("webhooks_agency_created_idx").on(t.agencyId, sql`${t.createdAt} desc`, sql`${t.id} desc`)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_webhook_idx").on(t.agencyId, t.webhookId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);
