import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLead } from "#tests/factories/crm.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, deliveryFixture, send } from "./delivery-fixture.ts";
import { sql } from "drizzle-orm";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

const NO_CRM = "Você não tem acesso aos negócios do CRM.";

describe("projects from won deals, denied (outside QA, delivery #6)", () => {
  it("team roles without CRM access neither see won deals nor convert one: 403 in pt-BR, never a 500", async () => {
    const deal = await createLead(t.database.owner, {
      agencyId: f.aurora,
      name: "Campanha — sigilosa",
      stage: "fechados",
      outcome: "won",
      valueCents: 9900000,
    });
    for (const person of [f.people.designer, f.people.copywriter]) {
      // The list's own access is the CRM's deals (crm_pipelines:view): the route guard answers.
      const listed = await send(t, person.cookie, "/api/projects/won-deals");
      expect(listed.status).toBe(403);
      const body = await listed.text();
      expect(JSON.parse(body).error.message).toBe("Você não tem permissão para realizar esta ação.");
      expect(body).not.toContain("sigilosa");
      const converted = await send(t, person.cookie, "/api/projects/from-deal", { dealId: deal.id });
      expect(converted.status).toBe(403);
      expect((await converted.json()).error.message).toBe(NO_CRM);
    }
    expect(await countRows(t, sql`select 1 from projects where deal_id = ${deal.id}`)).toBe(0);
  });

  it("another agency's manager cannot convert this agency's deal (404) and does not see it listed", async () => {
    const deal = await createLead(t.database.owner, {
      agencyId: f.aurora,
      name: "Negócio da Aurora",
      stage: "fechados",
      outcome: "won",
    });
    const { outsider } = f.people;
    const converted = await send(t, outsider.cookie, "/api/projects/from-deal", { dealId: deal.id });
    expect(converted.status).toBe(404);
    const listed = await send(t, outsider.cookie, "/api/projects/won-deals");
    expect(listed.status).toBe(200);
    expect(await listed.text()).not.toContain(deal.id);
  });
});
