import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "#domain/schemas/search.ts";
import { queryRows } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Ctrl+K over projects and tasks (issue 15 §3): folded like every source, within the caller's
// agency and record scope; tasks come through their trigram index (task_search_ids, 0029).
let t: TestApp;
type Member = { id: string; cookie: string };
let manager: Member;
let designer: Member;
let outsider: Member;
let agency: string;
let designersTask: string;

const insertRow = async (query: ReturnType<typeof sql>) => {
  const rows = await t.database.owner.execute(query);
  return (rows as unknown as { rows: Array<{ id: string }> }).rows[0].id;
};
const project = (agencyId: string, name: string, options: { deleted?: boolean; ownerId?: string } = {}) =>
  insertRow(sql`insert into projects (agency_id, name, owner_id, deleted_at)
    values (${agencyId}, ${name}, ${options.ownerId ?? null}, ${options.deleted ? sql`now()` : null}) returning id`);
const task = (agencyId: string, projectId: string, title: string, createdBy: string) =>
  insertRow(sql`insert into tasks (agency_id, project_id, title, created_by)
    values (${agencyId}, ${projectId}, ${title}, ${createdBy}) returning id`);

const titles = async (q: string, who: Member, type: "task" | "project") => {
  const response = await t.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie: who.cookie });
  expect(response.status).toBe(200);
  const { hits } = (await response.json()) as SearchResult;
  return hits
    .filter((hit) => hit.recordType === type)
    .map((hit) => hit.title)
    .sort();
};

beforeAll(async () => {
  t = await createTestApp();
  agency = (await createAgency(t.database.owner, { name: "Agência Busca" })).id;
  const other = (await createAgency(t.database.owner, { name: "Outra Busca" })).id;
  manager = await signedInAs(t, "gestor@busca.com", "agency_manager", agency);
  designer = await signedInAs(t, "designer@busca.com", "team_designer", agency);
  outsider = await signedInAs(t, "gestor@outrabusca.com", "agency_manager", other);
  const summer = await project(agency, "Campanha Verão Ótica");
  // The designer's scope is "own": it sees its own project and the tasks it created, not the rest.
  const designers = await project(agency, "Peças do designer", { ownerId: designer.id });
  const gone = await project(agency, "Projeto excluído", { deleted: true });
  const theirs = await project(other, "Campanha de Verão alheia");
  await task(agency, summer, "Edição de VÍDEO institucional", manager.id);
  designersTask = await task(agency, designers, "Revisão do vídeo curto", designer.id);
  await task(agency, gone, "Vídeo de um projeto excluído", manager.id);
  await task(other, theirs, "Vídeo da outra agência", outsider.id);
});
afterAll(() => t.close());

describe("global search over tasks and projects", () => {
  it("finds tasks by a fragment whatever its case and accents, never of a deleted project", async () => {
    expect(await titles("video", manager, "task")).toEqual(["Edição de VÍDEO institucional", "Revisão do vídeo curto"]);
    expect(await titles("EDIÇÃO", manager, "task")).toEqual(["Edição de VÍDEO institucional"]);
    expect(await titles("revisao do vi", manager, "task")).toEqual(["Revisão do vídeo curto"]);
    expect(await titles("100%", manager, "task")).toEqual([]);
  });

  it("keeps tasks within the caller's record scope and agency", async () => {
    expect(await titles("vídeo", designer, "task")).toEqual(["Revisão do vídeo curto"]);
    expect(await titles("VIDEO", outsider, "task")).toEqual(["Vídeo da outra agência"]);
  });

  it("finds projects folded the same way, within the agency", async () => {
    expect(await titles("verao otica", manager, "project")).toEqual(["Campanha Verão Ótica"]);
    expect(await titles("CAMPANHA", outsider, "project")).toEqual(["Campanha de Verão alheia"]);
    expect(await titles("excluido", manager, "project")).toEqual([]);
  });

  it("hands out, called directly by the app role, only ids the caller's row policy would show", async () => {
    const idsFor = (who: Member, agencyId: string) =>
      withTenant(t.database, { userId: who.id, agencyId, isSuperAdmin: false }, async (tx) =>
        (await queryRows<{ id: string }>(tx, sql`select task_search_ids('%video%', 50) as id`)).map((row) => row.id),
      );
    expect(await idsFor(designer, agency)).toEqual([designersTask]);
    expect(await idsFor(manager, agency)).toHaveLength(2);
  });
});
