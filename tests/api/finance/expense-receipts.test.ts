import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// A minimal PDF: what a receipt usually is.
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

let t: TestApp;
let aurora: { cookie: string };
let boreal: { cookie: string };
let projectManager: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = (await createAgency(t.database.owner, { name: "Agência Aurora" })).id;
  const b = (await createAgency(t.database.owner, { name: "Agência Boreal" })).id;
  aurora = await signedInAs(t, "gestora@aurora.com.br", "agency_manager", a);
  boreal = await signedInAs(t, "gestora@boreal.com.br", "agency_manager", b);
  projectManager = await signedInAs(t, "pm@aurora.com.br", "project_manager", a);
});
afterAll(() => t.close());

const upload = (who: { cookie: string }, expenseId: string) =>
  t.app.request(`http://localhost:3000/api/records/expense/${expenseId}/attachments?name=recibo-adobe.pdf`, {
    method: "POST",
    headers: { cookie: who.cookie, "content-type": "application/octet-stream", "x-forwarded-for": "203.0.113.10" },
    body: PDF,
  });

type ExpenseRow = { id: string; supplier: string; receiptCount: number };
const expenses = async (who: { cookie: string }) =>
  ((await (await t.request("/api/finance/expenses", { cookie: who.cookie })).json()) as { expenses: ExpenseRow[] })
    .expenses;

describe("an expense's receipt", () => {
  it("is a platform file attached to the expense, counted on the list, for the agency's finance people only", async () => {
    const created = await t.request("/api/finance/expenses", {
      cookie: aurora.cookie,
      body: {
        supplier: "Adobe",
        category: "Software",
        spentOn: "2026-11-03",
        amountCents: 29_000,
        recurrence: "mensal",
      },
    });
    const { id } = (await created.json()) as { id: string };
    expect((await expenses(aurora)).find((e) => e.id === id)?.receiptCount).toBe(0);

    const stored = await upload(aurora, id);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ name: "recibo-adobe.pdf", mime: "application/pdf" });
    expect((await expenses(aurora)).find((e) => e.id === id)).toMatchObject({ supplier: "Adobe", receiptCount: 1 });

    // Another agency, and a role without the payments module, neither see nor add it.
    expect((await upload(boreal, id)).status).toBe(404);
    expect((await t.request(`/api/records/expense/${id}/attachments`, { cookie: boreal.cookie })).status).toBe(404);
    expect((await upload(projectManager, id)).status).toBe(404);
    expect((await expenses(aurora)).find((e) => e.id === id)?.receiptCount).toBe(1);
  });

  it("lists expenses by the date spent, newest first, whatever order they were typed in", async () => {
    for (const spentOn of ["2026-09-10", "2026-11-20", "2026-10-05"]) {
      await t.request("/api/finance/expenses", {
        cookie: boreal.cookie,
        body: { supplier: `Fornecedor ${spentOn}`, spentOn, amountCents: 1_000 },
      });
    }
    const first = await t.request("/api/finance/expenses?limit=2", { cookie: boreal.cookie });
    const page = (await first.json()) as { expenses: { supplier: string }[]; nextCursor: string };
    const next = (await (
      await t.request(`/api/finance/expenses?limit=2&cursor=${page.nextCursor}`, { cookie: boreal.cookie })
    ).json()) as { expenses: { supplier: string }[]; nextCursor: string | null };
    expect([...page.expenses, ...next.expenses].map((e) => e.supplier)).toEqual([
      "Fornecedor 2026-11-20",
      "Fornecedor 2026-10-05",
      "Fornecedor 2026-09-10",
    ]);
    expect(next.nextCursor).toBeNull();
  });

  it("is refused for an expense id that does not exist", async () => {
    expect((await upload(aurora, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
