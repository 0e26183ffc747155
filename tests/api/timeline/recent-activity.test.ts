import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company, Deal } from "#domain/schemas/crm.ts";
import type { TimelineEventItem } from "#domain/schemas/timeline.ts";
import { timelineEvents } from "#server/db/schema.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { api, crmAgency, type Member } from "#tests/api/crm/crm-fixtures.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let agencyId: string;
let manager: Member;
let closer: Member;
beforeAll(async () => {
  t = await createTestApp();
  const aurora = await crmAgency(t, "Aurora");
  agencyId = aurora.agencyId;
  manager = aurora.manager;
  closer = await signedInAs(t, "closer@aurora.com.br", "sales_closer", agencyId);
});
afterAll(() => t.close());

const recent = async (who: Member) => {
  const answer = await api(t, who)<{ events: TimelineEventItem[] }>("/api/timeline/recent");
  expect(answer.status).toBe(200);
  return answer.body.events;
};

describe("recent activity in a busy agency", () => {
  it("a closer's own events still show after 60 newer events by others, and none of theirs leak", async () => {
    const mine = (await api(t, closer)<Deal>("/api/crm/deals", "POST", { title: "Negócio do closer" })).body;
    const theirs = (await api(t, manager)<Deal>("/api/crm/deals", "POST", { title: "Negócio da gestora" })).body;
    const company = (await api(t, manager)<Company>("/api/crm/companies", "POST", { name: "Empresa da gestora" })).body;
    const later = Date.now() + 60_000;
    await t.database.owner.insert(timelineEvents).values(
      Array.from({ length: 60 }, (_, i) => ({
        agencyId,
        recordType: i % 2 ? "deal" : "company",
        recordId: i % 2 ? theirs.id : company.id,
        kind: "note",
        actorId: manager.id,
        details: { text: `Nota ${i}` },
        createdAt: new Date(later + i * 1000),
      })),
    );

    const closerSees = await recent(closer);
    expect(closerSees.map((e) => [e.recordType, e.recordId, e.kind])).toEqual([["deal", mine.id, "created"]]);

    const managerSees = await recent(manager);
    expect(managerSees).toHaveLength(10);
    expect(managerSees[0]).toMatchObject({ recordType: "deal", recordId: theirs.id, details: { text: "Nota 59" } });
  });
});
