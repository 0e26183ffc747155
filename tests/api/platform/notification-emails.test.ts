import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NotificationKind } from "#domain/notification-kinds.ts";
import { NOTIFICATION_KIND_LIST } from "#domain/notification-kinds.ts";
import type { NotificationPreferences } from "#domain/schemas/notifications.ts";
import { queryRows, type Tx } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import { notifyUsers } from "#server/notifications/notify-users.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// E-mail per event type (issue 15 §2): a job mails each notification whose agency has e-mail
// notifications on and whose recipient wants that kind; never inside the request.
const sent: Mail[] = [];
let failSends = 0;
const capturingMailer: Mailer = {
  async send(mail) {
    if (failSends > 0) {
      failSends--;
      throw new Error("caixa de saída fora do ar");
    }
    sent.push(mail);
    return "outbox";
  },
};

let t: TestApp;
let queue: JobQueue;
let agency: string;
let quiet: string;
type Member = { id: string; email: string; cookie: string };
let manager: Member;
let designer: Member;
let copywriter: Member;
let quietManager: Member;
let quietDesigner: Member;

const notify = (agencyId: string, by: Member, to: Member[], kind: NotificationKind, title: string) =>
  withTenant(t.database, { userId: by.id, agencyId, isSuperAdmin: false }, (tx: Tx) =>
    notifyUsers(tx, { agencyId, userIds: to.map((m) => m.id), kind, title, body: "Detalhe", actorId: by.id }),
  );
const preferencesOf = async (who: Member) => {
  const response = await t.request("/api/notifications/preferences", { cookie: who.cookie });
  return { status: response.status, body: (await response.json()) as NotificationPreferences };
};
const choose = (who: Member, body: unknown) =>
  t.request("/api/notifications/preferences", { method: "PUT", body, cookie: who.cookie });
const mailsTo = (who: Member) => sent.filter((mail) => mail.to === who.email);

beforeAll(async () => {
  t = await createTestApp({ deps: { mailer: capturingMailer } });
  queue = createJobQueue(t.deps);
  agency = (await createAgency(t.database.owner, { name: "Agência Avisos" })).id;
  quiet = (await createAgency(t.database.owner, { name: "Agência Silenciosa" })).id;
  manager = await signedInAs(t, "gestor@avisos.com", "agency_manager", agency);
  designer = await signedInAs(t, "designer@avisos.com", "team_designer", agency);
  copywriter = await signedInAs(t, "copy@avisos.com", "team_copywriter", agency);
  quietManager = await signedInAs(t, "gestor@silenciosa.com", "agency_manager", quiet);
  quietDesigner = await signedInAs(t, "designer@silenciosa.com", "team_designer", quiet);
  const off = await t.request("/api/agency/settings", {
    method: "PUT",
    body: { key: "notification_email", value: false },
    cookie: quietManager.cookie,
  });
  expect(off.status).toBe(200);
});
beforeEach(async () => {
  await queue.drain();
  sent.length = 0;
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe("notification e-mails", () => {
  it("go out from a job after the change commits, once, with the record link and the preferences link", async () => {
    await notify(agency, manager, [designer], "task_assigned", "Você foi adicionado a uma tarefa");
    expect(sent).toEqual([]); // the request never sends
    await queue.drain();
    expect(mailsTo(designer)).toHaveLength(1);
    const [mail] = mailsTo(designer);
    expect(mail.subject).toBe("Nexo: Você foi adicionado a uma tarefa");
    expect(mail.text).toContain("Detalhe");
    expect(mail.text).toContain('avisos de "Tarefa atribuída a você"');
    expect(mail.text).toContain("/app/notificacoes/preferencias");
    expect(mail.html).toContain('<a href="http://localhost:3000/app/notificacoes/preferencias">');
    expect(sent).toHaveLength(1); // not to the actor

    await queue.drain();
    expect(sent).toHaveLength(1);
  });

  it("follow each recipient's choice per event type; the default is on", async () => {
    const before = await preferencesOf(designer);
    expect(before.status).toBe(200);
    expect(before.body.agencyEmailEnabled).toBe(true);
    expect(before.body.preferences.map((p) => p.kind)).toEqual(NOTIFICATION_KIND_LIST);
    expect(before.body.preferences.every((p) => p.email)).toBe(true);

    const saved = await choose(designer, { kind: "mentioned", email: false });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as NotificationPreferences;
    expect(after.preferences.find((p) => p.kind === "mentioned")?.email).toBe(false);
    expect((await preferencesOf(copywriter)).body.preferences.find((p) => p.kind === "mentioned")?.email).toBe(true);

    await notify(agency, manager, [designer, copywriter], "mentioned", "Você foi mencionado");
    await notify(agency, manager, [designer], "invoice_paid", "Fatura nº 7 paga");
    await queue.drain();
    expect(mailsTo(designer).map((m) => m.subject)).toEqual(["Nexo: Fatura nº 7 paga"]);
    expect(mailsTo(copywriter).map((m) => m.subject)).toEqual(["Nexo: Você foi mencionado"]);

    expect((await choose(designer, { kind: "mentioned", email: true })).status).toBe(200);
    await notify(agency, manager, [designer], "mentioned", "Mencionado de novo");
    await queue.drain();
    expect(mailsTo(designer).map((m) => m.subject)).toContain("Nexo: Mencionado de novo");
  });

  it("are not sent at all for an agency with e-mail notifications off", async () => {
    expect((await preferencesOf(quietDesigner)).body.agencyEmailEnabled).toBe(false);
    await notify(quiet, quietManager, [quietDesigner], "task_assigned", "Tarefa silenciosa");
    await queue.drain();
    expect(sent).toEqual([]);
    const [row] = await queryRows<{ n: number }>(
      t.database.owner,
      sql`select count(*)::int as n from notifications where agency_id = ${quiet} and emailed_at is not null`,
    );
    expect(row.n).toBe(0);
  });

  it("are retried when the mailer fails, and then sent once", async () => {
    failSends = 1;
    await notify(agency, manager, [copywriter], "quote_accepted", "Orçamento aceito: Site");
    await queue.drain().catch(() => {});
    expect(mailsTo(copywriter)).toEqual([]);
    const [row] = await queryRows<{ emailed: boolean }>(
      t.database.owner,
      sql`select emailed_at is not null as emailed from notifications where title = 'Orçamento aceito: Site'`,
    );
    expect(row.emailed).toBe(false); // the claim was given back for the retry
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // first backoff: e¹ ≈ 2.7 s
    await queue.drain();
    expect(mailsTo(copywriter).map((m) => m.subject)).toEqual(["Nexo: Orçamento aceito: Site"]);
  }, 15_000);

  it("preferences are the caller's own, checked by the shared schema", async () => {
    const unknown = await choose(designer, { kind: "deal_won_x", email: true });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("Tipo de notificação desconhecido");
    const notBoolean = await choose(designer, { kind: "mentioned", email: "sim" });
    expect(notBoolean.status).toBe(400);
    expect(JSON.stringify(await notBoolean.json())).toContain("Escolha se este aviso também vem por e-mail");
    const extra = await choose(designer, { kind: "mentioned", email: false, userId: copywriter.id });
    expect(extra.status).toBe(400);
    expect((await t.request("/api/notifications/preferences")).status).toBe(401);

    // Row-level security: one user's choices are invisible to another of the same agency.
    await choose(designer, { kind: "meeting_scheduled", email: false });
    const seen = await withTenant(t.database, { userId: copywriter.id, agencyId: agency, isSuperAdmin: false }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from notification_email_preferences`),
    );
    expect(seen[0].n).toBe(0);
  });
});
