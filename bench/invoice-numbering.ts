import { addDays } from "#domain/calendar-date.ts";
import { invoiceBodySchema } from "#domain/schemas/finance.ts";
import { eq } from "drizzle-orm";
import { createAuth } from "#server/auth/auth.ts";
import { loadConfig } from "#server/config.ts";
import { type Db, postgresDatabase } from "#server/db/client.ts";
import { agencies, companies, invoiceCounters, invoices } from "#server/db/schema.ts";
import { withTenant } from "#server/db/tenant.ts";
import { createInvoice } from "#server/features/finance/create-invoice.ts";
import { financeActor, todayOf } from "#server/features/finance/finance-actor.ts";
import type { SessionUser } from "#server/auth/session-user.ts";
import { createUser } from "#tests/factories/users.ts";
import { AUTH_SECRET, BENCH_PASSWORD } from "./config.ts";

export type NumberingResult = {
  creations: number;
  connections: number;
  created: number;
  errors: string[];
  /** The numbers the creations answered, and those stored, each compared with 1..creations. */
  answeredExactly: boolean;
  storedExactly: boolean;
  duplicates: number;
  missing: number[];
  counter: number;
  ms: number;
};

const CREATIONS = 200;
/** More than the server's pool (10): many transactions queue on the counter row at once. */
const CONNECTIONS = 40;

/** A new agency with its manager and one client company: its numbers start at 1. */
async function freshAgency(owner: Db) {
  const stamp = Date.now();
  const [agency] = await owner
    .insert(agencies)
    .values({ name: "Agência Numeração Concorrente", slug: `numeracao-concorrente-${stamp}` })
    .returning({ id: agencies.id, timezone: agencies.timezone });
  const config = loadConfig({
    AUTH_SECRET,
    DATA_DIR: ".tmp/bench/unused",
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
  });
  const manager = await createUser(createAuth(config, owner), owner, {
    email: `numeracao-${stamp}@bench.example.com`,
    firstName: "Gerente",
    lastName: "Numeração",
    role: "agency_manager",
    agencyId: agency.id,
    password: BENCH_PASSWORD,
  });
  const [company] = await owner
    .insert(companies)
    .values({ agencyId: agency.id, name: "Cliente Concorrente", document: "11222333000181" })
    .returning({ id: companies.id });
  return { agency, managerId: manager.id, companyId: company.id };
}

const sameAsRange = (numbers: number[], count: number) =>
  numbers.length === count && numbers.every((number, index) => number === index + 1);

/**
 * 200 invoices created at once in one agency through createInvoice, each in its own tenant
 * transaction as POST /api/finance/invoices runs it, over 40 connections: the numbers must be
 * exactly 1..200 (no gap, no duplicate), in the answers and in the table, and the counter at 200.
 * The agency is new (numbers from 1) and stays: deleting it would take minutes at scale (the
 * foreign keys from payments.invoice_id and invoices.replaces_invoice_id are checked without an
 * index led by those columns), and a reused database gains one such agency per run.
 */
export async function measureConcurrentNumbering(url: string): Promise<NumberingResult> {
  const database = postgresDatabase(url, { max: CONNECTIONS });
  const owner = database.owner;
  const { agency, managerId, companyId } = await freshAgency(owner);
  try {
    const issueDate = todayOf(agency, new Date());
    const body = invoiceBodySchema.parse({
      companyId,
      issueDate,
      dueDate: addDays(issueDate, 10),
      items: [
        { service: "Peças para redes sociais", description: "Posts e stories", quantity: 4, unitPriceCents: 18_000 },
      ],
      discountCents: 0,
      issRateBp: 0,
      issWithheld: false,
      notes: null,
    });
    const actor = financeActor({ id: managerId } as SessionUser, agency.id, {
      ip: "127.0.0.1",
      userAgent: "nexo-bench",
    });
    const context = { userId: managerId, agencyId: agency.id, isSuperAdmin: false };
    const started = performance.now();
    const settled = await Promise.allSettled(
      Array.from({ length: CREATIONS }, () => withTenant(database, context, (tx) => createInvoice(tx, actor, body))),
    );
    const ms = Math.round(performance.now() - started);
    const answered = settled
      .flatMap((result) => (result.status === "fulfilled" && result.value.number !== null ? [result.value.number] : []))
      .sort((a, b) => a - b);
    const errors = settled.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    const stored = (
      await owner.select({ number: invoices.number }).from(invoices).where(eq(invoices.agencyId, agency.id))
    )
      .map((row) => row.number ?? 0)
      .sort((a, b) => a - b);
    const [counter] = await owner
      .select({ last: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(eq(invoiceCounters.agencyId, agency.id));
    const storedSet = new Set(stored);
    return {
      creations: CREATIONS,
      connections: CONNECTIONS,
      created: answered.length,
      errors: [...new Set(errors)],
      answeredExactly: sameAsRange(answered, CREATIONS),
      storedExactly: sameAsRange(stored, CREATIONS),
      duplicates: stored.length - storedSet.size,
      missing: Array.from({ length: CREATIONS }, (_, i) => i + 1).filter((number) => !storedSet.has(number)),
      counter: counter?.last ?? 0,
      ms,
    };
  } finally {
    await database.close();
  }
}
