import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contact, ContactSummary } from "#domain/schemas/crm.ts";
import { agencies, customers } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency } from "./crm-fixtures.ts";

let clock = new Date("2026-04-01T12:00:00Z");
let t: TestApp;
let call: ReturnType<typeof api>;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => clock } });
  const aurora = await crmAgency(t, "Aurora");
  agencyId = aurora.agencyId;
  call = api(t, aurora.manager);
  // Brasília is UTC−3: each contact's creation in São Paulo time, and the month it belongs to there.
  const created = {
    "Fevereiro Tarde": "2026-03-01T02:00:00Z", // 28/02 23:00
    "Março Cedo": "2026-03-01T04:00:00Z", // 01/03 01:00
    "Março Último Dia": "2026-04-01T01:00:00Z", // 31/03 22:00
    "Abril Madrugada": "2026-04-01T04:00:00Z", // 01/04 01:00
  };
  for (const [name, at] of Object.entries(created)) {
    const contact = await call<Contact>("/api/crm/contacts", "POST", { name });
    expect(contact.status).toBe(201);
    await t.database.owner
      .update(customers)
      .set({ createdAt: new Date(at) })
      .where(eq(customers.id, contact.body.id));
  }
});
afterAll(() => t.close());

const thisMonth = async () => (await call<ContactSummary>("/api/crm/contacts/summary")).body.thisMonth;

describe("Este Mês on Contatos", () => {
  it("counts from the 1st at midnight in the agency's time zone, not in UTC", async () => {
    // 01/04 09:00 in Brasília: only the contact of 01/04 01:00 is April's (22:00 on 31/03 is March's).
    clock = new Date("2026-04-01T12:00:00Z");
    expect(await thisMonth()).toBe(1);
    // 31/03 23:59 in Brasília (already April in UTC): from 01/03 00:00 there, so 01/03 01:00 counts
    // and 28/02 23:00 does not (the card counts from the month's start; the seeded April contact counts too).
    clock = new Date("2026-04-01T02:59:00Z");
    expect(await thisMonth()).toBe(3);
  });

  it("follows the time zone set for the agency", async () => {
    await t.database.owner.update(agencies).set({ timezone: "UTC" }).where(eq(agencies.id, agencyId));
    clock = new Date("2026-04-01T12:00:00Z");
    expect(await thisMonth()).toBe(2);
    await t.database.owner.update(agencies).set({ timezone: "America/Sao_Paulo" }).where(eq(agencies.id, agencyId));
  });
});
