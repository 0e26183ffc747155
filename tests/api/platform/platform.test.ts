import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttachmentItem } from "#domain/schemas/attachments.ts";
import type { NotificationPage } from "#domain/schemas/notifications.ts";
import type { SearchResult } from "#domain/schemas/search.ts";
import type { TimelineEventItem, TimelinePage } from "#domain/schemas/timeline.ts";
import type { Tx } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import { notifyUsers } from "#server/notifications/notify-users.ts";
import { SEARCH_SOURCES } from "#server/search/search-sources.ts";
import type { SearchSource } from "#server/search/search-source.ts";
import { recordTimelineEvent } from "#server/timeline/record-timeline-event.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Notifications, timeline, search and files (issue 15) through their routes.
let t: TestApp;
let agency: string;
let other: string;
type Member = { id: string; cookie: string };
let manager: Member;
let closer: Member;
let outsider: Member;
let managerCompany: string;
let closerCompany: string;

const as = <T>(userId: string, agencyId: string, fn: (tx: Tx) => Promise<T>) =>
  withTenant(t.database, { userId, agencyId, isSuperAdmin: false }, fn);
const get = async <T>(path: string, who: Member) => {
  const response = await t.request(path, { cookie: who.cookie });
  return { status: response.status, body: (await response.json()) as T };
};

const companiesSource: SearchSource = {
  recordType: "company",
  module: "crm_contatos",
  async search(tx, { agencyId, scope, user }, text, limit) {
    const rows = await tx.execute(
      sql`select id, name from companies where agency_id = ${agencyId} and deleted_at is null
          and (${scope} = 'all' or owner_id = ${user.id})
          and unaccent_lower(name) like '%' || unaccent_lower(${text}) || '%' order by name limit ${limit}`,
    );
    return (rows as unknown as { rows: Array<{ id: string; name: string }> }).rows.map((row) => ({
      recordType: "company" as const,
      id: row.id,
      title: row.name,
      subtitle: null,
      href: `/app/crm/empresas/${row.id}`,
      rank: 1,
    }));
  },
};

beforeAll(async () => {
  t = await createTestApp();
  agency = (await createAgency(t.database.owner, { name: "Agência Plataforma" })).id;
  other = (await createAgency(t.database.owner, { name: "Outra Agência" })).id;
  manager = await signedInAs(t, "gestor@plataforma.com", "agency_manager", agency);
  closer = await signedInAs(t, "closer@plataforma.com", "sales_closer", agency);
  outsider = await signedInAs(t, "gestor@outra.com", "agency_manager", other);
  const insert = async (name: string, owner: string) => {
    const rows = await t.database.owner.execute(
      sql`insert into companies (agency_id, name, owner_id) values (${agency}, ${name}, ${owner}) returning id`,
    );
    return (rows as unknown as { rows: Array<{ id: string }> }).rows[0].id;
  };
  managerCompany = await insert("Padaria São João", manager.id);
  closerCompany = await insert("Açougue Central", closer.id);
  await t.database.owner.execute(sql`create or replace function unaccent_lower(text) returns text language sql immutable
    as $$ select lower(translate($1, 'ÁÀÃÂÉÊÍÓÔÕÚÇáàãâéêíóôõúç', 'AAAAEEIOOOUCaaaaeeiooouc')) $$`);
  // The CRM's own company source is registered now; the test source stands in only where it is not.
  if (!SEARCH_SOURCES.some((source) => source.recordType === "company")) SEARCH_SOURCES.push(companiesSource);
});
afterAll(async () => {
  if (SEARCH_SOURCES.includes(companiesSource)) SEARCH_SOURCES.splice(SEARCH_SOURCES.indexOf(companiesSource), 1);
  await t.close();
});

describe("notifications", () => {
  it("lists the caller's inbox newest first with keyset pages, counts unread, marks read", async () => {
    for (const title of ["Primeira", "Segunda", "Terceira"]) {
      await as(manager.id, agency, (tx) =>
        notifyUsers(tx, { agencyId: agency, userIds: [closer.id], kind: "task_assigned", title, actorId: manager.id }),
      );
    }
    const first = await get<NotificationPage>("/api/notifications?limit=2", closer);
    expect(first.body.notifications.map((n) => n.title)).toEqual(["Terceira", "Segunda"]);
    expect(first.body.notifications[0].actorName).toBe("gestor Teste");
    const second = await get<NotificationPage>(`/api/notifications?limit=2&cursor=${first.body.nextCursor}`, closer);
    expect(second.body.notifications.map((n) => n.title)).toEqual(["Primeira"]);
    expect(second.body.nextCursor).toBeNull();
    expect((await get("/api/notifications/unread-count", closer)).body).toEqual({ count: 3 });

    const id = first.body.notifications[0].id;
    const marked = await t.request(`/api/notifications/${id}/read`, { method: "POST", cookie: closer.cookie });
    expect(await marked.json()).toEqual({ updated: 1 });
    const unread = await get<NotificationPage>("/api/notifications?unread=true", closer);
    expect(unread.body.notifications.map((n) => n.title)).toEqual(["Segunda", "Primeira"]);

    const all = await t.request("/api/notifications/read-all", { method: "POST", cookie: closer.cookie });
    expect(await all.json()).toEqual({ updated: 2 });
    expect((await get("/api/notifications/unread-count", closer)).body).toEqual({ count: 0 });
  });

  it("never shows or marks another user's notifications", async () => {
    const [mine] = (await get<NotificationPage>("/api/notifications", closer)).body.notifications;
    expect((await get<NotificationPage>("/api/notifications", manager)).body.notifications).toEqual([]);
    const response = await t.request(`/api/notifications/${mine.id}/read`, { method: "POST", cookie: manager.cookie });
    expect(response.status).toBe(404);
    const foreign = await t.request(`/api/notifications/${mine.id}/read`, { method: "POST", cookie: outsider.cookie });
    expect(foreign.status).toBe(404);
  });
});

describe("timeline", () => {
  beforeAll(async () => {
    for (const kind of ["created", "note", "stage_changed"] as const) {
      await as(manager.id, agency, (tx) =>
        recordTimelineEvent(tx, {
          agencyId: agency,
          recordType: "company",
          recordId: managerCompany,
          kind,
          actorId: manager.id,
        }),
      );
    }
    await as(closer.id, agency, (tx) =>
      recordTimelineEvent(tx, {
        agencyId: agency,
        recordType: "company",
        recordId: closerCompany,
        kind: "created",
        actorId: closer.id,
      }),
    );
  });

  it("reads a record's events newest first in keyset pages", async () => {
    const first = await get<TimelinePage>(`/api/timeline/company/${managerCompany}?limit=2`, manager);
    expect(first.body.events.map((e) => e.kind)).toEqual(["stage_changed", "note"]);
    const rest = await get<TimelinePage>(
      `/api/timeline/company/${managerCompany}?limit=2&cursor=${first.body.nextCursor}`,
      manager,
    );
    expect(rest.body.events.map((e) => e.kind)).toEqual(["created"]);
  });

  it("refuses a record the caller may not view: scope own, another agency, unknown type", async () => {
    expect((await get(`/api/timeline/company/${managerCompany}`, closer)).status).toBe(404);
    expect((await get(`/api/timeline/company/${closerCompany}`, closer)).status).toBe(200);
    expect((await get(`/api/timeline/company/${managerCompany}`, outsider)).status).toBe(404);
    expect((await get(`/api/timeline/nada/${managerCompany}`, manager)).status).toBe(404);
  });

  it("shows recent activity only of records the caller may view", async () => {
    const recent = (who: Member) => get<{ events: TimelineEventItem[] }>("/api/timeline/recent", who);
    expect((await recent(manager)).body.events).toHaveLength(4);
    expect((await recent(closer)).body.events.map((e) => e.recordId)).toEqual([closerCompany]);
    expect((await recent(outsider)).body.events).toEqual([]);
  });
});

describe("search", () => {
  it("finds a record by an accent- and case-insensitive fragment, within the caller's scope", async () => {
    const search = (q: string, who: Member) => get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`, who);
    expect((await search("sao jo", manager)).body.hits.map((h) => h.title)).toEqual(["Padaria São João"]);
    expect((await search("ACOUG", manager)).body.hits.map((h) => h.id)).toEqual([closerCompany]);
    expect((await search("padaria", closer)).body.hits).toEqual([]);
    expect((await search("padaria", outsider)).body.hits).toEqual([]);
    expect((await search("a", manager)).status).toBe(400);
  });
});

describe("attachments", () => {
  const png = Uint8Array.from(
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
  const upload = (who: Member, name: string, body: Uint8Array<ArrayBuffer>, record = managerCompany) =>
    t.app.request(`http://localhost:3000/api/records/company/${record}/attachments?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { cookie: who.cookie, "content-type": "application/octet-stream", "x-forwarded-for": "203.0.113.10" },
      body,
    });

  it("stores a file checked by its content and serves it as a download to who may view the record", async () => {
    const response = await upload(manager, "logo.png", png);
    expect(response.status).toBe(201);
    const file = (await response.json()) as AttachmentItem;
    expect(file).toMatchObject({ name: "logo.png", mime: "image/png", size: png.byteLength });
    const list = await get<{ attachments: AttachmentItem[] }>(
      `/api/records/company/${managerCompany}/attachments`,
      manager,
    );
    expect(list.body.attachments.map((a) => a.id)).toEqual([file.id]);

    const download = await t.request(`/api/attachments/${file.id}`, { cookie: manager.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="logo.png"/);
    expect(download.headers.get("content-type")).toBe("image/png");
    // The file's own policy, not the app's: nothing in it may run, even if a browser rendered it.
    expect(download.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);

    expect((await t.request(`/api/attachments/${file.id}`, { cookie: closer.cookie })).status).toBe(404);
    expect((await t.request(`/api/attachments/${file.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await get(`/api/records/company/${managerCompany}/attachments`, outsider)).status).toBe(404);

    const timeline = await get<TimelinePage>(`/api/timeline/company/${managerCompany}`, manager);
    expect(timeline.body.events[0]).toMatchObject({ kind: "attachment_added", details: { name: "logo.png" } });
  });

  it("refuses HTML whatever its name, an executable, and a file over the agency's limit", async () => {
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    expect((await upload(manager, "nota.txt", html)).status).toBe(415);
    expect((await upload(manager, "pagina.html", html)).status).toBe(415);
    expect((await upload(manager, "app.exe", Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]))).status).toBe(415);
    const csv = new TextEncoder().encode("nome;email\nAna;ana@x.com\n");
    expect((await upload(manager, "lista.csv", csv)).status).toBe(201);
    await t.database.owner.execute(
      sql`insert into agency_settings (agency_id, setting_key, setting_value) values (${agency}, 'attachment_max_bytes', '10')`,
    );
    expect((await upload(manager, "logo.png", png)).status).toBe(413);
    await t.database.owner.execute(sql`delete from agency_settings where setting_key = 'attachment_max_bytes'`);
  });

  it("lets only who may edit the record's module delete, and another agency not at all", async () => {
    const [file] = (
      await get<{ attachments: AttachmentItem[] }>(`/api/records/company/${managerCompany}/attachments`, manager)
    ).body.attachments;
    expect((await t.request(`/api/attachments/${file.id}`, { method: "DELETE", cookie: outsider.cookie })).status).toBe(
      404,
    );
    const deleted = await t.request(`/api/attachments/${file.id}`, { method: "DELETE", cookie: manager.cookie });
    expect(deleted.status).toBe(200);
    expect((await t.request(`/api/attachments/${file.id}`, { cookie: manager.cookie })).status).toBe(404);
  });
});
