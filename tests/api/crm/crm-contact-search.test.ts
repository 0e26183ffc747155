import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactsPage } from "#domain/schemas/crm.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { SEARCH_ID_CAP } from "#server/features/crm/contact-search.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let aurora: { agencyId: string; manager: Member };
let boreal: { agencyId: string; manager: Member };
let closer: Member;
beforeAll(async () => {
  t = await createTestApp();
  aurora = await crmAgency(t, "Aurora");
  boreal = await crmAgency(t, "Boreal");
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
  // More Souzas than the id path takes, so the common-fragment path runs too.
  await t.database.owner.execute(sql`
    insert into customers (agency_id, name, email, owner_id, created_at)
    select ${aurora.agencyId}::uuid, 'Cliente Souza ' || g, 'souza' || g || '@exemplo.com.br', ${aurora.manager.id}::uuid,
      now() - g * interval '1 minute'
    from generate_series(1, ${SEARCH_ID_CAP + 5}) g`);
  for (const [member, name] of [
    [aurora.manager, "Conceição Araújo"],
    [closer, "Raimundo Araújo"],
    [boreal.manager, "Conceição de Boreal"],
  ] as const)
    expect((await api(t, member)("/api/crm/contacts", "POST", { name })).status).toBe(201);
});
afterAll(() => t.close());

const names = (page: ContactsPage) => page.contacts.map((c) => c.name);

describe("contact search by fragment", () => {
  it("finds a rare fragment accent- and case-insensitively, in the caller's agency only", async () => {
    const found = await api(t, aurora.manager)<ContactsPage>("/api/crm/contacts?q=CONCEICAO%20ara");
    expect(names(found.body)).toEqual(["Conceição Araújo"]);
    expect(names((await api(t, boreal.manager)<ContactsPage>("/api/crm/contacts?q=conceição")).body)).toEqual([
      "Conceição de Boreal",
    ]);
    expect((await api(t, aurora.manager)<ContactsPage>("/api/crm/contacts?q=zzqx")).body.contacts).toEqual([]);
  });

  it("keeps the record scope: a closer finds its own contacts only", async () => {
    const page = await api(t, closer)<ContactsPage>("/api/crm/contacts?q=araujo");
    expect(names(page.body)).toEqual(["Raimundo Araújo"]);
  });

  it("pages through a common fragment with more matches than the id path takes", async () => {
    const call = api(t, aurora.manager);
    const first = (await call<ContactsPage>("/api/crm/contacts?q=souza&limit=100&sort=created_desc")).body;
    expect(first.contacts).toHaveLength(100);
    expect(first.contacts[0].name).toBe("Cliente Souza 1");
    expect(first.nextCursor).not.toBeNull();
    const exported = await call(`/api/crm/contacts/export?q=souza`);
    expect(exported.text.split("\n").filter((line) => line.includes("Cliente Souza"))).toHaveLength(SEARCH_ID_CAP + 5);
  });

  it("the id function answers nothing for another agency's id, and the closer's scope inside it", async () => {
    const ids = (context: { userId: string; agencyId: string }, agencyId: string) =>
      withTenant(t.database, { ...context, isSuperAdmin: false }, (tx) =>
        queryRows<{ id: string }>(
          tx,
          sql`select id from crm_contact_search_ids(${agencyId}::uuid, '%conceicao%', 10) as found(id)`,
        ),
      );
    const asBoreal = { userId: boreal.manager.id, agencyId: boreal.agencyId };
    expect(await ids(asBoreal, aurora.agencyId)).toEqual([]);
    expect(await ids(asBoreal, boreal.agencyId)).toHaveLength(1);
    expect(await ids({ userId: closer.id, agencyId: aurora.agencyId }, aurora.agencyId)).toEqual([]);
  });
});
