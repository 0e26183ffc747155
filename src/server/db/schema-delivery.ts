import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { agencies, projects, tasks, user } from "./schema.ts";

// Delivery (migration 0014): project members, task assignees/dependencies/comments, meetings,
// time entries, hourly rates, project templates and calendar feeds.

const agencyRef = () =>
  uuid("agency_id")
    .notNull()
    .references(() => agencies.id, { onDelete: "cascade" });
const userRef = (name: string) => uuid(name).references(() => user.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const projectMembers = pgTable(
  "project_members",
  {
    agencyId: agencyRef(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: userRef("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index("project_members_agency_user_idx").on(t.agencyId, t.userId, t.projectId),
    index("project_members_agency_project_idx").on(t.agencyId, t.projectId),
  ],
);

export const taskAssignees = pgTable(
  "task_assignees",
  {
    agencyId: agencyRef(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: userRef("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index("task_assignees_agency_user_idx").on(t.agencyId, t.userId, t.taskId),
    // INCLUDE (user_id, created_at): migration 0031.
    index("task_assignees_agency_task_cover_idx").on(t.agencyId, t.taskId),
  ],
);

export const taskDependencies = pgTable(
  "task_dependencies",
  {
    agencyId: agencyRef(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    dependsOnId: uuid("depends_on_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.dependsOnId] }),
    // INCLUDE (depends_on_id): migration 0031.
    index("task_dependencies_agency_task_cover_idx").on(t.agencyId, t.taskId),
  ],
);

export const taskComments = pgTable(
  "task_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    mentions: uuid("mentions").array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [index("task_comments_agency_task_idx").on(t.agencyId, t.taskId, t.createdAt, t.id)],
);

export const meetings = pgTable(
  "meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    title: text("title").notNull(),
    description: text("description"),
    location: text("location"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    contactId: uuid("contact_id"),
    dealId: uuid("deal_id"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("meetings_agency_starts_idx").on(t.agencyId, t.startsAt),
    index("meetings_agency_project_idx").on(t.agencyId, t.projectId),
  ],
);

export const meetingAttendees = pgTable(
  "meeting_attendees",
  {
    agencyId: agencyRef(),
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: userRef("user_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId] }),
    index("meeting_attendees_agency_user_idx").on(t.agencyId, t.userId, t.meetingId),
  ],
);

export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    userId: userRef("user_id").notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    description: text("description"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Null while the timer runs. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    billable: boolean("billable").notNull().default(true),
    rateCents: bigint("rate_cents", { mode: "number" }).notNull().default(0),
    approvedBy: uuid("approved_by").references(() => user.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** Set by finance when an invoice takes the entry; null is "not invoiced". */
    invoiceId: uuid("invoice_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("time_entries_one_running_idx").on(t.userId).where(sql`ended_at IS NULL`),
    index("time_entries_agency_user_started_idx").on(t.agencyId, t.userId, t.startedAt),
    index("time_entries_agency_project_started_idx").on(t.agencyId, t.projectId, t.startedAt),
    // INCLUDE (project_id, user_id, ended_at, billable, rate_cents): migration 0026.
    index("time_entries_agency_started_cover_idx").on(t.agencyId, t.startedAt),
    index("time_entries_agency_locked_idx")
      .on(t.agencyId, t.userId, t.projectId, t.startedAt)
      .where(sql`invoice_id IS NOT NULL AND approved_at IS NOT NULL`),
  ],
);

export const userHourlyRates = pgTable(
  "user_hourly_rates",
  {
    agencyId: agencyRef(),
    userId: userRef("user_id").notNull(),
    rateCents: bigint("rate_cents", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId] })],
);

export type TemplateTask = { title: string; description?: string | null; priority: string; dueInDays?: number | null };

export const projectTemplates = pgTable(
  "project_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agencyId: agencyRef(),
    name: text("name").notNull(),
    description: text("description"),
    budgetHours: numeric("budget_hours", { precision: 10, scale: 2 }).notNull().default("0"),
    tasks: jsonb("tasks").$type<TemplateTask[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("project_templates_agency_created_idx").on(t.agencyId, t.createdAt, t.id)],
);

export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    agencyId: agencyRef(),
    userId: userRef("user_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId] })],
);
