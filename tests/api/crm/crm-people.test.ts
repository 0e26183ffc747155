import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRM_MESSAGES, type CrmRecordPath, crmPeopleSchema } from "#domain/schemas/crm.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { api, crmAgency, type Member } from "./crm-fixtures.ts";

let t: TestApp;
let manager: Member;
let closer: Member;
let bdr: Member;
beforeAll(async () => {
  t = await createTestApp();
  const aurora = await crmAgency(t, "Aurora");
  manager = aurora.manager;
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", aurora.agencyId);
  bdr = await signedInAs(t, "bdr@aurora.com.br", "sales_bdr", aurora.agencyId);
  await crmAgency(t, "Boreal");
});
afterAll(() => t.close());

/** GET /api/crm/people as `member`, its answer read through the shared schema. */
async function people(member: Member, query = "") {
  const answer = await api(t, member)(`/api/crm/people${query}`);
  expect(answer.status, answer.text).toBe(200);
  return crmPeopleSchema.parse(answer.body);
}
const assignableIds = (a: Awaited<ReturnType<typeof people>>) =>
  a.people
    .filter((p) => p.assignable)
    .map((p) => p.id)
    .sort();
const listedIds = (a: Awaited<ReturnType<typeof people>>) => a.people.map((p) => p.id).sort();

const KINDS: CrmRecordPath[] = ["contacts", "companies", "deals"];

describe("who the owner pickers offer (GET /api/crm/people?for=…)", () => {
  it("the agency manager (record scope all) may name anyone, or nobody, for deals, contacts and companies", async () => {
    const everyone = [manager.id, closer.id, bdr.id].sort();
    for (const query of ["", ...KINDS.map((kind) => `?for=${kind}`)]) {
      const answer = await people(manager, query);
      expect(listedIds(answer), query).toEqual(everyone);
      expect(assignableIds(answer), query).toEqual(everyone);
      expect(answer.canLeaveUnowned, query).toBe(true);
    }
  });

  it("a closer (record scope own) still sees every member of its agency, but may name only itself", async () => {
    for (const query of ["", ...KINDS.map((kind) => `?for=${kind}`)]) {
      const answer = await people(closer, query);
      expect(listedIds(answer), query).toEqual([manager.id, closer.id, bdr.id].sort());
      expect(assignableIds(answer), query).toEqual([closer.id]);
      expect(answer.canLeaveUnowned, query).toBe(false);
    }
  });

  it("what the list calls assignable is what the server accepts on a save", async () => {
    const call = api(t, closer);
    for (const person of (await people(closer, "?for=contacts")).people) {
      const created = await call("/api/crm/contacts", "POST", {
        name: `Contato de ${person.name}`,
        ownerId: person.id,
      });
      expect(created.status, person.name).toBe(person.assignable ? 201 : 403);
    }
    for (const person of (await people(closer, "?for=deals")).people) {
      const created = await call("/api/crm/deals", "POST", { title: `Negócio de ${person.name}`, ownerId: person.id });
      expect(created.status, person.name).toBe(person.assignable ? 201 : 403);
    }
  });

  it("deals follow crm_pipelines' record scope, contacts and companies crm_contatos'", async () => {
    await t.database.owner.execute(
      sql`update role_permissions set record_scope = 'all' where role = 'sales_closer' and module = 'crm_pipelines'`,
    );
    const deals = await people(closer, "?for=deals");
    expect(assignableIds(deals)).toEqual([manager.id, closer.id, bdr.id].sort());
    expect(deals.canLeaveUnowned).toBe(true);
    for (const kind of ["contacts", "companies"]) {
      const answer = await people(closer, `?for=${kind}`);
      expect(assignableIds(answer), kind).toEqual([closer.id]);
      expect(answer.canLeaveUnowned, kind).toBe(false);
    }
    const handed = await api(t, closer)("/api/crm/deals", "POST", { title: "Para a gestora", ownerId: manager.id });
    expect(handed.status).toBe(201);
    await t.database.owner.execute(
      sql`update role_permissions set record_scope = 'own' where role = 'sales_closer' and module = 'crm_pipelines'`,
    );
  });

  it("refuses an unknown record kind with 400 and the shared schema's pt-BR message", async () => {
    for (const bad of ["leads", "deal", ""]) {
      const answer = await api(t, manager)(`/api/crm/people?for=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body, bad).toEqual({
        error: { code: "validation_failed", message: CRM_MESSAGES.invalidRecordKind, details: { field: "for" } },
      });
    }
  });
});
