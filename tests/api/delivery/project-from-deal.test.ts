import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectDetail } from "#domain/schemas/projects.ts";
import { queryRows } from "#server/db/client.ts";
import { MIGRATIONS_FOLDER } from "#server/db/migrate.ts";
import { createLead } from "#tests/factories/crm.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { countRows, deliveryFixture, json, send } from "./delivery-fixture.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof deliveryFixture>>;
beforeAll(async () => {
  f = await deliveryFixture();
  t = f.t;
});
afterAll(() => t.close());

const wonDeal = (name: string) =>
  createLead(t.database.owner, { agencyId: f.aurora, name, stage: "fechados", outcome: "won", valueCents: 500000 });

const liveProjectsOf = (dealId: string) =>
  countRows(t, sql`select 1 from projects where deal_id = ${dealId} and deleted_at is null`);

const offeredDeals = async (cookie: string) =>
  (await json<{ deals: { id: string }[] }>(await send(t, cookie, "/api/projects/won-deals"))).deals.map((d) => d.id);

describe("one project per won deal (outside QA, delivery #1)", () => {
  it("parallel clicks from two people make one project; the others get 409 and the pt-BR message", async () => {
    const { manager, pm } = f.people;
    const deal = await wonDeal("Loja virtual — corrida");
    const answers = await Promise.all(
      [manager, pm, manager, pm, manager, pm].map((person) =>
        send(t, person.cookie, "/api/projects/from-deal", { dealId: deal.id }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect((await refused.json()).error.message).toBe("Este negócio já tem um projeto.");
    }
    expect(await liveProjectsOf(deal.id)).toBe(1);
  });

  it("is a database rule: a second live project of the deal is refused, a deleted one does not count", async () => {
    const { manager } = f.people;
    const deal = await wonDeal("SEO — excluído e refeito");
    const first = await json<{ id: string }>(
      await send(t, manager.cookie, "/api/projects/from-deal", { dealId: deal.id }),
      201,
    );
    const copy = t.database.owner.execute(
      sql`insert into projects (agency_id, name, deal_id) values (${f.aurora}, 'Cópia', ${deal.id})`,
    );
    await expect(copy).rejects.toMatchObject({ cause: { code: "23505" } });
    // Its project deleted (no hours: no confirmation needed), the deal is offered and accepted again.
    await json(await send(t, manager.cookie, `/api/projects/${first.id}`, undefined, "DELETE"));
    expect(await offeredDeals(manager.cookie)).toContain(deal.id);
    await json(await send(t, manager.cookie, "/api/projects/from-deal", { dealId: deal.id }), 201);
    expect(await offeredDeals(manager.cookie)).not.toContain(deal.id);
  });

  it("does not offer a deal whose project the caller's record scope hides", async () => {
    const { manager, designer } = f.people;
    await t.database.owner.execute(
      sql`update role_permissions set can_view = true, record_scope = 'all'
           where role = 'team_designer' and module = 'crm_pipelines'`,
    );
    try {
      const deal = await wonDeal("Gestão de redes — do gestor");
      expect(await offeredDeals(designer.cookie)).toContain(deal.id);
      await json(await send(t, manager.cookie, "/api/projects/from-deal", { dealId: deal.id }), 201);
      expect(await offeredDeals(designer.cookie)).not.toContain(deal.id);
      const again = await send(t, designer.cookie, "/api/projects/from-deal", { dealId: deal.id });
      expect(again.status).toBe(409);
      expect((await again.json()).error.message).toBe("Este negócio já tem um projeto.");
    } finally {
      await t.database.owner.execute(
        sql`update role_permissions set can_view = false, record_scope = 'own'
             where role = 'team_designer' and module = 'crm_pipelines'`,
      );
    }
  });

  it("lets a team member with CRM access start a project owned by the deal's owner, and stay a member", async () => {
    const { designer, pm } = f.people;
    await t.database.owner.execute(
      sql`update role_permissions set can_view = true, record_scope = 'all'
           where role = 'team_designer' and module = 'crm_pipelines'`,
    );
    try {
      const deal = await createLead(t.database.owner, {
        agencyId: f.aurora,
        name: "Site — do gestor de projetos",
        stage: "fechados",
        outcome: "won",
        ownerId: pm.id,
      });
      const created = await json<{ id: string }>(
        await send(t, designer.cookie, "/api/projects/from-deal", { dealId: deal.id }),
        201,
      );
      const project = await json<ProjectDetail>(await send(t, designer.cookie, `/api/projects/${created.id}`));
      expect(project.owner?.id).toBe(pm.id);
      expect(project.members.map((m) => m.id).sort()).toEqual([designer.id, pm.id].sort());
    } finally {
      await t.database.owner.execute(
        sql`update role_permissions set can_view = false, record_scope = 'own'
             where role = 'team_designer' and module = 'crm_pipelines'`,
      );
    }
  });
});

describe("migration 0052 on a database that already holds copies of one deal's project", () => {
  const statementsOf0052 = () =>
    readFileSync(path.join(MIGRATIONS_FOLDER, "0052_delivery_qa_one_project_per_deal_task_version.sql"), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => /^(UPDATE projects|CREATE UNIQUE INDEX projects_agency_deal_unique_idx)/m.test(statement));

  it("keeps the oldest copy linked, unlinks the later ones and deletes nothing", async () => {
    const deal = await wonDeal("Duplicado antes da 0051");
    await t.database.owner.transaction(async (tx) => {
      await tx.execute(sql`drop index projects_agency_deal_unique_idx`);
      for (const [name, createdAt] of [
        ["Segunda cópia", "2026-11-02T10:00:00Z"],
        ["Primeira cópia", "2026-11-01T10:00:00Z"],
        ["Terceira cópia", "2026-11-03T10:00:00Z"],
      ]) {
        await tx.execute(
          sql`insert into projects (agency_id, name, deal_id, created_at) values (${f.aurora}, ${name}, ${deal.id}, ${createdAt})`,
        );
      }
      expect(statementsOf0052()).toHaveLength(2);
      for (const statement of statementsOf0052()) await tx.execute(sql.raw(statement));
    });
    const rows = await queryRows<{ name: string; deal_id: string | null }>(
      t.database.owner,
      sql`select name, deal_id from projects where name like '%cópia' order by created_at`,
    );
    expect(rows).toEqual([
      { name: "Primeira cópia", deal_id: deal.id },
      { name: "Segunda cópia", deal_id: null },
      { name: "Terceira cópia", deal_id: null },
    ]);
  });
});
