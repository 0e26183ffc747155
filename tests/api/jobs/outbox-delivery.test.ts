import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "#server/db/schema.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { deliverEmailJob } from "#server/mail/deliver-email-job.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The outbox delivered through SMTP_URL to a local SMTP server started here (smtp-server).
type Received = { to: string[]; data: string };
const received: Received[] = [];
let refuse = false;
let server: SMTPServer;
let t: TestApp;
let queue: JobQueue;

function startSmtp(): Promise<number> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse) return callback(Object.assign(new Error("550 caixa indisponível"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
  });
}

beforeAll(async () => {
  const port = await startSmtp();
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  queue = createJobQueue(t.deps);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const mail = (to: string) => ({ to, subject: "Convite Nexo", text: "Seu link: https://x", html: "<p>Seu link</p>" });
const rowFor = async (to: string) =>
  (await t.database.owner.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0];

describe("outbox delivery", () => {
  it("delivers a queued message to the SMTP server and marks it sent", async () => {
    expect(await t.deps.mailer.send(mail("ana@exemplo.com.br"))).toBe("smtp");
    expect((await rowFor("ana@exemplo.com.br")).status).toBe("pending");
    await queue.drain();
    expect(received.map((m) => m.to)).toEqual([["ana@exemplo.com.br"]]);
    expect(received[0].data).toContain("Subject: Convite Nexo");
    const row = await rowFor("ana@exemplo.com.br");
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
    await queue.drain();
    expect(received).toHaveLength(1);
  });

  it("keeps a refused message pending for a retry, and failed with the server's answer after the last attempt", async () => {
    refuse = true;
    await t.deps.mailer.send(mail("bia@exemplo.com.br"));
    await queue.drain();
    expect(await rowFor("bia@exemplo.com.br")).toMatchObject({ status: "pending", attempts: 1 });
    expect((await rowFor("bia@exemplo.com.br")).lastError).toMatch(/550/);
    const { id } = await rowFor("bia@exemplo.com.br");
    const last = deliverEmailJob.maxAttempts as number;
    const context = { payload: { outboxId: id }, attempt: last, maxAttempts: last } as never;
    await expect(deliverEmailJob.handler(t.deps, context)).rejects.toThrow(/550/);
    expect(await rowFor("bia@exemplo.com.br")).toMatchObject({ status: "failed", attempts: last });
    refuse = false;
  });
});
