import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies, user } from "./schema.ts";

// The shared model of migration 0009: client companies, the record timeline, notifications.

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    legalName: text("legal_name"),
    /** CNPJ or CPF, digits only. */
    document: text("document"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    city: text("city"),
    state: text("state"),
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    // CRM (migration 0013).
    tags: text("tags").array().notNull().default(sql`'{}'`),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    version: integer("version").notNull().default(1),
    searchText: text("search_text").generatedAlwaysAs(
      sql`crm_search_text(name || ' ' || coalesce(legal_name, ''), email, phone, document)`,
    ),
    // The name folded (lower case, no accents) for the finance search's clients (migration 0038).
    nameFolded: text("name_folded").generatedAlwaysAs(sql`public.crm_fold(name)`),
    /** The tags folded (crm_fold_tags, migration 0048): what the Tag filter compares. */
    tagsFolded: text("tags_folded").array().generatedAlwaysAs(sql`public.crm_fold_tags(tags)`),
  },
  (t) => [
    index("companies_agency_created_idx").on(t.agencyId, t.createdAt, t.id),
    index("companies_agency_owner_idx").on(t.agencyId, t.ownerId),
    index("companies_agency_document_idx").on(t.agencyId, t.document),
  ],
);

export const timelineEvents = pgTable(
  "timeline_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    recordType: text("record_type").notNull(),
    recordId: uuid("record_id").notNull(),
    kind: text("kind").notNull(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("timeline_events_record_idx").on(
      t.agencyId,
      t.recordType,
      t.recordId,
      sql`${t.createdAt} desc`,
      sql`${t.id} desc`,
    ),
    index("timeline_events_agency_created_idx").on(t.agencyId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    recordType: text("record_type"),
    recordId: uuid("record_id"),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When its e-mail was queued (migration 0028): a retried e-mail job skips it. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.agencyId, t.userId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
);

/** A user's choice of whether a kind of notification also comes by e-mail (migration 0028). */
export const notificationEmailPreferences = pgTable(
  "notification_email_preferences",
  {
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId, t.kind] })],
);
