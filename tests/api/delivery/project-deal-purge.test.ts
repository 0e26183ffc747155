import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectDetail } from "#domain/schemas/projects.ts";
import { queryRows } from "#server/db/client.ts";
import { purgeDeletedCrmRecords } from "#server/features/crm/purge-deleted-records.ts";
import { createLead } from "#tests/factories/crm.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { deliveryFixture, json, send } from "./delivery-fixture.ts";

const DAY = 86_400_000;
let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

/** A won deal of Aurora and the project created from it. */
async function projectFromWonDeal(name: string) {
  const deal = await createLead(t.database.owner, { agencyId: f.aurora, name, stage: "fechados", outcome: "won" });
  const { id } = await json<{ id: string }>(
    await send(t, f.people.manager.cookie, "/api/projects/from-deal", { dealId: deal.id }),
    201,
  );
  return { dealId: deal.id, projectId: id };
}

describe("a project's won deal (projects.deal_id, migration 0026)", () => {
  it("is neither offered nor accepted once the deal is deleted (within the CRM's undo)", async () => {
    const deal = await createLead(t.database.owner, {
      agencyId: f.aurora,
      name: "Ganho e Excluído",
      stage: "fechados",
      outcome: "won",
    });
    const { manager } = f.people;
    expect((await send(t, manager.cookie, `/api/crm/deals/${deal.id}`, undefined, "DELETE")).status).toBe(200);
    const offered = await json<{ deals: { id: string }[] }>(await send(t, manager.cookie, "/api/projects/won-deals"));
    expect(offered.deals.map((d) => d.id)).not.toContain(deal.id);
    expect((await send(t, manager.cookie, "/api/projects/from-deal", { dealId: deal.id })).status).toBe(404);
  });

  it("is a foreign key: a project cannot point at a deal that does not exist", async () => {
    const { projectId } = await projectFromWonDeal("Negócio Existente");
    const update = t.database.owner.execute(sql`UPDATE projects SET deal_id = ${randomUUID()} WHERE id = ${projectId}`);
    // 23503: foreign_key_violation (the driver's error is the query error's cause).
    await expect(update).rejects.toMatchObject({ cause: { code: "23503" } });
  });

  it("is cleared when the CRM purge removes the deal; the project, its client and value stay", async () => {
    const { dealId, projectId } = await projectFromWonDeal("Negócio Expirado");
    const before = await json<ProjectDetail>(await send(t, f.people.manager.cookie, `/api/projects/${projectId}`));
    expect(before.dealId).toBe(dealId);
    expect((await send(t, f.people.manager.cookie, `/api/crm/deals/${dealId}`, undefined, "DELETE")).status).toBe(200);

    const purged = await purgeDeletedCrmRecords(t.database.owner, new Date(Date.now() + 31 * DAY));

    expect(purged.deals).toBeGreaterThanOrEqual(1);
    const deal = await queryRows(t.database.owner, sql`SELECT 1 FROM leads WHERE id = ${dealId}`);
    expect(deal).toEqual([]);
    const after = await json<ProjectDetail>(await send(t, f.people.manager.cookie, `/api/projects/${projectId}`));
    expect(after.dealId).toBeNull();
    expect({ ...after, dealId: before.dealId }).toEqual(before);
  });
});
