import { bigint, boolean, date, integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies, user } from "./schema.ts";
import { companies } from "./schema-shared-model.ts";

// Finance (migration 0015): amounts in integer centavos, quantities numeric(12,2), rates in basis points.

const agencyId = () =>
  uuid("agency_id")
    .notNull()
    .references(() => agencies.id, { onDelete: "cascade" });
const cents = (name: string) => bigint(name, { mode: "number" });
const createdBy = () => uuid("created_by").references(() => user.id, { onDelete: "set null" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const day = (name: string) => date(name, { mode: "string" });

export const financeSettings = pgTable("finance_settings", {
  agencyId: uuid("agency_id")
    .primaryKey()
    .references(() => agencies.id, { onDelete: "cascade" }),
  pixKeyType: text("pix_key_type"),
  pixKey: text("pix_key"),
  pixMerchantName: text("pix_merchant_name"),
  pixMerchantCity: text("pix_merchant_city"),
  remindersEnabled: boolean("reminders_enabled").notNull().default(false),
  defaultIssRateBp: integer("default_iss_rate_bp").notNull().default(0),
  updatedAt: updatedAt(),
});

export const invoiceCounters = pgTable("invoice_counters", {
  agencyId: uuid("agency_id")
    .primaryKey()
    .references(() => agencies.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull().default(0),
});

export const priceItems = pgTable("price_items", {
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  name: text("name").notNull(),
  description: text("description"),
  unit: text("unit").notNull().default("un"),
  unitPriceCents: cents("unit_price_cents").notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const documentColumns = () => ({
  discountCents: cents("discount_cents").notNull().default(0),
  issRateBp: integer("iss_rate_bp").notNull().default(0),
  issWithheld: boolean("iss_withheld").notNull().default(false),
  subtotalCents: cents("subtotal_cents").notNull(),
  totalCents: cents("total_cents").notNull(),
  amountDueCents: cents("amount_due_cents").notNull(),
  notes: text("notes"),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const quotes = pgTable("quotes", {
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id),
  title: text("title").notNull(),
  status: text("status").notNull().default("rascunho"),
  issueDate: day("issue_date").notNull(),
  validUntil: day("valid_until").notNull(),
  paymentTerms: text("payment_terms"),
  publicToken: text("public_token").unique(),
  tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  decidedByName: text("decided_by_name"),
  decidedIp: text("decided_ip"),
  declineReason: text("decline_reason"),
  ...documentColumns(),
});

const itemColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  position: integer("position").notNull(),
  service: text("service").notNull(),
  description: text("description"),
  quantity: numeric("quantity", { precision: 12, scale: 2 }).notNull(),
  unitPriceCents: cents("unit_price_cents").notNull(),
  totalCents: cents("total_cents").notNull(),
});

export const quoteItems = pgTable("quote_items", {
  ...itemColumns(),
  quoteId: uuid("quote_id")
    .notNull()
    .references(() => quotes.id, { onDelete: "cascade" }),
  priceItemId: uuid("price_item_id").references(() => priceItems.id, { onDelete: "set null" }),
});

export const recurringInvoiceSchedules = pgTable("recurring_invoice_schedules", {
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id),
  description: text("description").notNull(),
  amountCents: cents("amount_cents").notNull(),
  frequency: text("frequency").notNull(),
  dayOfMonth: integer("day_of_month").notNull(),
  dueDays: integer("due_days").notNull().default(10),
  startDate: day("start_date").notNull(),
  endDate: day("end_date"),
  active: boolean("active").notNull().default(true),
  emailOnGenerate: boolean("email_on_generate").notNull().default(false),
  issRateBp: integer("iss_rate_bp").notNull().default(0),
  issWithheld: boolean("iss_withheld").notNull().default(false),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const invoices = pgTable("invoices", {
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  number: integer("number"),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id),
  quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
  replacesInvoiceId: uuid("replaces_invoice_id"),
  scheduleId: uuid("schedule_id").references(() => recurringInvoiceSchedules.id, { onDelete: "set null" }),
  periodKey: text("period_key"),
  source: text("source").notNull().default("manual"),
  status: text("status").notNull().default("emitida"),
  issueDate: day("issue_date").notNull(),
  dueDate: day("due_date").notNull(),
  paidCents: cents("paid_cents").notNull().default(0),
  paidAt: day("paid_at"),
  cancelReason: text("cancel_reason"),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  lastReminderAt: timestamp("last_reminder_at", { withTimezone: true }),
  ...documentColumns(),
});

export const invoiceItems = pgTable("invoice_items", {
  ...itemColumns(),
  invoiceId: uuid("invoice_id")
    .notNull()
    .references(() => invoices.id, { onDelete: "cascade" }),
});

export const payments = pgTable("payments", {
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  invoiceId: uuid("invoice_id")
    .notNull()
    .references(() => invoices.id),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id),
  paidOn: day("paid_on").notNull(),
  amountCents: cents("amount_cents").notNull(),
  method: text("method").notNull(),
  notes: text("notes"),
  createdBy: createdBy(),
  createdAt: createdAt(),
  /** An estorno (migration 0051): the payment stays on its invoice's history and counts nowhere else. */
  reversedAt: timestamp("reversed_at", { withTimezone: true }),
  reversedBy: uuid("reversed_by").references(() => user.id, { onDelete: "set null" }),
  reversalReason: text("reversal_reason"),
});

export const expenseCategories = pgTable("expense_categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const expenses = pgTable("expenses", {
  id: uuid("id").primaryKey().defaultRandom(),
  agencyId: agencyId(),
  categoryId: uuid("category_id").references(() => expenseCategories.id, { onDelete: "set null" }),
  supplier: text("supplier").notNull(),
  description: text("description"),
  spentOn: day("spent_on").notNull(),
  amountCents: cents("amount_cents").notNull(),
  recurrence: text("recurrence").notNull().default("nenhuma"),
  attachmentId: uuid("attachment_id"),
  /** A copy made by the recurrence job: the expense it repeats and its period ("2026-03", "2027"). */
  recursFrom: uuid("recurs_from"),
  periodKey: text("period_key"),
  createdBy: createdBy(),
  createdAt: createdAt(),
  /** Deleted softly (migration 0051): a repetition's row keeps its period from being made again. */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  deletedBy: uuid("deleted_by").references(() => user.id, { onDelete: "set null" }),
});
