import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#server/db/client.ts";
import { sendOverdueReminders } from "#server/features/finance/overdue-reminders.ts";
import { RECURRING_JOBS } from "#server/jobs/recurring-jobs.ts";
import { jobDefinitionOf } from "#server/jobs/job-handlers.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { signedInAs } from "#tests/api/agencies/sign-in.ts";
import { createAgency } from "#tests/factories/agencies.ts";
import { createCompany, invoiceBody } from "#tests/factories/finance.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
const NOW = new Date("2026-11-25T15:00:00Z");
const DAY = 86_400_000;
let reminded: { invoiceId: string; companyEmail: string };
let agencies: { on: string; off: string };

async function issue(cookie: string, companyId: string, dueDate: string): Promise<string> {
  const response = await t.request("/api/finance/invoices", {
    cookie,
    body: invoiceBody(companyId, { issueDate: "2026-10-01", dueDate }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  t = await createTestApp({ deps: { now: () => NOW } });
  agencies = {
    on: (await createAgency(t.database.owner, { name: "Aurora Lembra" })).id,
    off: (await createAgency(t.database.owner, { name: "Boreal Esquece" })).id,
  };
  const company = (agencyId: string, name: string, email: string | null) =>
    createCompany(t.database.owner, { agencyId, name, email });
  const withEmail = await company(agencies.on, "Padaria Pão Quente", "financeiro@paoquente.com.br");
  const withoutEmail = await company(agencies.on, "Sem E-mail Ltda", null);
  const elsewhere = await company(agencies.off, "Cliente da Boreal", "contas@cliente.com.br");
  const on = await signedInAs(t, "gestora@lembra.com.br", "agency_manager", agencies.on);
  const off = await signedInAs(t, "gestora@esquece.com.br", "agency_manager", agencies.off);
  const settings = await t.request("/api/finance/settings", {
    cookie: on.cookie,
    method: "PUT",
    body: { remindersEnabled: true, pixKeyType: "email", pixKey: "pix@aurora.com.br" },
  });
  expect(settings.status).toBe(200);

  reminded = {
    invoiceId: await issue(on.cookie, withEmail.id, "2026-11-10"),
    companyEmail: "financeiro@paoquente.com.br",
  };
  await issue(on.cookie, withEmail.id, "2026-11-25"); // due today: not overdue yet
  await issue(on.cookie, withoutEmail.id, "2026-11-01"); // nobody to write to
  const paid = await issue(on.cookie, withEmail.id, "2026-11-05");
  const payment = await t.request("/api/finance/payments", {
    cookie: on.cookie,
    body: { invoiceId: paid, paidOn: "2026-11-20", amountCents: 100_000, method: "pix" },
  });
  expect(payment.status, await payment.text()).toBe(201);
  await issue(off.cookie, elsewhere.id, "2026-11-01"); // reminders off in this agency
});
afterAll(() => t.close());

function collector() {
  const mails: Mail[] = [];
  return { mails, send: async (mail: Mail) => void mails.push(mail) };
}

describe("reminders of overdue invoices", () => {
  it("runs hourly as a registered job", () => {
    expect(RECURRING_JOBS.find((job) => job.name === "send_overdue_reminders")).toBeDefined();
    expect(jobDefinitionOf("send_overdue_reminders")).toBeDefined();
  });

  it("e-mails only overdue, open invoices of agencies that turned reminders on, with the balance and the Pix code", async () => {
    const { mails, send } = collector();
    expect(await sendOverdueReminders(t.database.owner, send, NOW)).toEqual({ claimed: 1, failed: 0 });
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(reminded.companyEmail);
    expect(mails[0].subject).toMatch(/^Lembrete: fatura nº \d+ de Aurora Lembra vencida$/);
    expect(mails[0].text).toContain("venceu em 10/11/2026");
    expect(mails[0].text).toMatch(/Saldo em aberto: R\$\s1\.000,00/);
    expect(mails[0].text).toMatch(/^000201/m); // the BR Code of the open balance
    const [event] = await queryRows<{ kind: string }>(
      t.database.owner,
      sql`select kind from timeline_events where record_id = ${reminded.invoiceId} and kind = 'reminder_sent'`,
    );
    expect(event?.kind).toBe("reminder_sent");
  });

  it("reminds an invoice at most once a week, even when two servers run the job at once", async () => {
    // A day later only the invoice that fell due on the 25th is new; the first was reminded yesterday.
    const tomorrow = collector();
    await sendOverdueReminders(t.database.owner, tomorrow.send, new Date(NOW.getTime() + DAY));
    expect(tomorrow.mails.map((mail) => mail.text.match(/venceu em (\S+)\./)?.[1])).toEqual(["25/11/2026"]);
    const nextWeek = new Date(NOW.getTime() + 8 * DAY);
    const a = collector();
    const b = collector();
    await Promise.all([
      sendOverdueReminders(t.database.owner, a.send, nextWeek),
      sendOverdueReminders(t.database.owner, b.send, nextWeek),
    ]);
    // A week after the first reminder it goes again, once; the other was reminded 7 days ago to the hour.
    const all = [...a.mails, ...b.mails].map((mail) => mail.text.match(/venceu em (\S+)\./)?.[1]);
    expect(all).toEqual(["10/11/2026"]);
  });
});
