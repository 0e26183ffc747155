import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies, user } from "./schema.ts";

// CRM tables of migration 0013 (decision 014). Contacts are `customers`, deals `leads`.

const agencyId = () =>
  uuid("agency_id")
    .notNull()
    .references(() => agencies.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const pipelines = pgTable(
  "pipelines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyId(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("pipelines_agency_idx").on(t.agencyId, t.position, t.id)],
);

export const pipelineStages = pgTable(
  "pipeline_stages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyId(),
    pipelineId: uuid("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull().default("blue"),
    winProbability: integer("win_probability").notNull().default(0),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("pipeline_stages_agency_pipeline_idx").on(t.agencyId, t.pipelineId, t.position)],
);

export const crmCustomFields = pgTable(
  "crm_custom_fields",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyId(),
    entity: text("entity").$type<"contact" | "company" | "deal">().notNull(),
    label: text("label").notNull(),
    fieldType: text("field_type").$type<"text" | "number" | "date" | "select">().notNull(),
    options: text("options").array().notNull().default([]),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("crm_custom_fields_agency_idx").on(t.agencyId, t.entity, t.position)],
);

export const crmSavedViews = pgTable(
  "crm_saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    entity: text("entity").$type<"contact" | "company" | "deal">().notNull(),
    name: text("name").notNull(),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("crm_saved_views_user_idx").on(t.agencyId, t.userId, t.entity, t.createdAt)],
);

export type ImportError = { line: number; reason: string; row: Record<string, string> };

export const crmImports = pgTable(
  "crm_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    entity: text("entity").$type<"contact" | "company" | "deal">().notNull(),
    fileName: text("file_name").notNull(),
    status: text("status").$type<"running" | "done" | "failed">().notNull().default("running"),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    importedRows: integer("imported_rows").notNull().default(0),
    mergedRows: integer("merged_rows").notNull().default(0),
    skippedRows: integer("skipped_rows").notNull().default(0),
    failedRows: integer("failed_rows").notNull().default(0),
    errors: jsonb("errors").$type<ImportError[]>().notNull().default([]),
    /** The CSV's header in the file's order (migration 0048): the error report's columns. */
    columns: text("columns").array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("crm_imports_user_idx").on(t.agencyId, t.userId, t.createdAt, t.id)],
);
