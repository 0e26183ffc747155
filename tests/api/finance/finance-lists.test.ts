import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FinanceOverview, InvoiceSummary, Page, PaymentView } from "#domain/schemas/finance.ts";
import { invoices } from "#server/db/schema.ts";
import type { SearchHit } from "#server/search/search-source.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The list and overview queries shaped for scale (bench/README.md, migration 0021): a period
// filter bounded by the newest row dated in it, the search's clients read first, the overview's
// totals from its chart when the chart covers the period.

let t: TestApp;
let manager: Awaited<ReturnType<typeof signedInAs>>;
let bakeryId: string;
let gymId: string;
const NOW = new Date("2026-11-25T15:00:00Z");
const created: Record<string, string> = {};

const get = async <T>(path: string) => (await t.request(path, { cookie: manager.cookie })).json() as Promise<T>;
const post = async (path: string, body: unknown) =>
  (await t.request(path, { cookie: manager.cookie, body })).json() as Promise<{ id: string }>;

/** Invoices created in this order; the March ones are typed after newer ones (backdated). */
const INVOICES: [string, string, string][] = [
  ["novembro", "2026-11-20", "bakery"],
  ["marco-10", "2026-03-10", "bakery"],
  ["outubro", "2026-10-01", "gym"],
  ["marco-15", "2026-03-15", "gym"],
  ["novembro-21", "2026-11-21", "bakery"],
];

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  const agencyId = (await createAgency(t.database.owner, { name: "Agência Listas" })).id;
  bakeryId = (await createCompany(t.database.owner, { agencyId, name: "Padaria Pão Quente" })).id;
  gymId = (await createCompany(t.database.owner, { agencyId, name: "Academia Corpo Livre" })).id;
  manager = await signedInAs(t, "gestora@listas.com.br", "agency_manager", agencyId);
  for (const [name, issueDate, client] of INVOICES) {
    const companyId = client === "bakery" ? bakeryId : gymId;
    created[name] = (
      await post("/api/finance/invoices", invoiceBody(companyId, { issueDate, dueDate: "2026-12-20" }))
    ).id;
  }
  // Payments recorded in this order, two of them received in March (the last one recorded, first).
  for (const [invoice, paidOn, amountCents] of [
    ["novembro", "2026-11-22", 40_000],
    ["marco-10", "2026-03-20", 100_000],
    ["outubro", "2026-10-05", 30_000],
    ["novembro", "2026-03-25", 10_000],
  ] as const) {
    await post("/api/finance/payments", { invoiceId: created[invoice], paidOn, amountCents, method: "pix" });
  }
});
afterAll(() => t.close());

describe("period filters in a list kept newest-created first", () => {
  it("lists the invoices issued in the period, backdated ones included, newest-created first, page by page", async () => {
    const march = "/api/finance/invoices?from=2026-03-01&to=2026-03-31";
    const all = await get<Page<"invoices", InvoiceSummary>>(march);
    expect(all.invoices.map((invoice) => invoice.id)).toEqual([created["marco-15"], created["marco-10"]]);
    const first = await get<Page<"invoices", InvoiceSummary>>(`${march}&limit=1`);
    const second = await get<Page<"invoices", InvoiceSummary>>(`${march}&limit=1&cursor=${first.nextCursor}`);
    expect([...first.invoices, ...second.invoices].map((invoice) => invoice.id)).toEqual([
      created["marco-15"],
      created["marco-10"],
    ]);
    expect(second.nextCursor).toBeNull();
    const fromOctober = await get<Page<"invoices", InvoiceSummary>>("/api/finance/invoices?from=2026-10-01");
    expect(fromOctober.invoices.map((invoice) => invoice.id)).toEqual([
      created["novembro-21"],
      created.outubro,
      created.novembro,
    ]);
    const untilMarch = await get<Page<"invoices", InvoiceSummary>>("/api/finance/invoices?to=2026-03-31");
    expect(untilMarch.invoices).toHaveLength(2);
    const empty = await get<Page<"invoices", InvoiceSummary>>("/api/finance/invoices?from=2025-01-01&to=2025-12-31");
    expect(empty.invoices).toEqual([]);
  });

  it("lists the payments received in the period, newest recorded first", async () => {
    const march = await get<Page<"payments", PaymentView>>("/api/finance/payments?from=2026-03-01&to=2026-03-31");
    expect(march.payments.map((payment) => [payment.paidOn, payment.amountCents])).toEqual([
      ["2026-03-25", 10_000],
      ["2026-03-20", 100_000],
    ]);
  });
});

describe("the invoice list's order (QA #10)", () => {
  it("is drafts first, newest first, then by number, highest first, whatever order they were created in", async () => {
    const agencyId = (await createAgency(t.database.owner, { name: "Agência Numeração" })).id;
    const companyId = (await createCompany(t.database.owner, { agencyId, name: "Cliente Numeração" })).id;
    const owner = await signedInAs(t, "gestora@numeracao.com.br", "agency_manager", agencyId);
    const create = async (draft: boolean) => {
      const response = await t.request("/api/finance/invoices", {
        cookie: owner.cookie,
        body: invoiceBody(companyId, { draft }),
      });
      return (await response.json()) as { id: string; number: number | null };
    };
    const numbered = [await create(false), await create(false), await create(false), await create(false)];
    const olderDraft = await create(true);
    const newerDraft = await create(true);
    // As under concurrent creation: Nº 3's transaction started first, so its row is the oldest.
    await t.database.owner
      .update(invoices)
      .set({ createdAt: sql`created_at - interval '1 hour'` })
      .where(eq(invoices.id, numbered[2].id));

    const listed: { id: string; number: number | null }[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: Page<"invoices", InvoiceSummary> = await (
        await t.request(`/api/finance/invoices?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { cookie: owner.cookie })
      ).json();
      listed.push(...page.invoices.map(({ id, number }) => ({ id, number })));
      cursor = page.nextCursor;
    }
    expect(listed.map((invoice) => invoice.id)).toEqual([
      newerDraft.id,
      olderDraft.id,
      ...[...numbered].reverse().map((invoice) => invoice.id),
    ]);
    expect(listed.map((invoice) => invoice.number)).toEqual([null, null, 4, 3, 2, 1]);
  });
});

describe("overview totals", () => {
  it("are the same whether the chart covers the period or the period is longer than the chart", async () => {
    const year = await get<FinanceOverview>("/api/finance/overview?from=2026-01-01&to=2026-11-30");
    const threeYears = await get<FinanceOverview>("/api/finance/overview?from=2024-01-01&to=2026-11-30");
    expect(year.revenueCents).toBe(180_000);
    expect(threeYears.revenueCents).toBe(180_000);
    expect(threeYears.monthly).toHaveLength(24);
    expect(year.monthly.find((month) => month.month === "2026-03")?.revenueCents).toBe(110_000);
    expect(year.topClients.map((client) => [client.name, client.revenueCents])).toEqual([
      ["Padaria Pão Quente", 150_000],
      ["Academia Corpo Livre", 30_000],
    ]);
  });
});

describe("invoice search", () => {
  const invoiceHits = async (q: string) =>
    (await get<{ hits: SearchHit[] }>(`/api/search?q=${encodeURIComponent(q)}`)).hits.filter(
      (hit) => hit.recordType === "invoice",
    );

  it("finds invoices by number and by client name, newest first, and nothing else", async () => {
    expect((await invoiceHits("nº 4")).map((hit) => hit.id)).toEqual([created["marco-15"]]);
    expect((await invoiceHits("Corpo Livre")).map((hit) => hit.id)).toEqual([created["marco-15"], created.outubro]);
    expect(await invoiceHits("Farmácia")).toEqual([]);
  });
});
