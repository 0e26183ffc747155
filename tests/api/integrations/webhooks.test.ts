import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contact } from "#domain/schemas/crm.ts";
import type { WebhookDeliveryList, WebhookList } from "#domain/schemas/integrations.ts";
import type { Tx } from "#server/db/client.ts";
import { withTenant } from "#server/db/tenant.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { createJobQueue } from "#server/jobs/start-jobs.ts";
import { deliverWebhookJob } from "#server/webhooks/deliver-webhook-job.ts";
import { integrationsFixture, json, ownerRows, send, sql } from "./integrations-fixture.ts";
import { startReceiver } from "./webhook-receiver.ts";

let f: Awaited<ReturnType<typeof integrationsFixture>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let queue: JobQueue;
beforeAll(async () => {
  receiver = await startReceiver();
  f = await integrationsFixture({ webhookLoopbackForTests: true });
  queue = createJobQueue(f.t.deps);
});
afterAll(async () => {
  await queue.stop();
  await f.t.close();
  await receiver.close();
});

const deliveriesOf = async (cookie: string, webhookId: string) =>
  json<WebhookDeliveryList>(await send(f.t, cookie, `/api/webhooks/${webhookId}/deliveries`));

describe("webhooks", () => {
  it("deliver a subscribed event, signed with the secret shown once, and log it", async () => {
    const { webhook, secret } = await f.createHook(f.manager.cookie, receiver.url, ["contact.created", "deal.won"]);
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toMatchObject({ url: receiver.url, events: ["contact.created", "deal.won"], active: true });
    const listed = await json<WebhookList>(await send(f.t, f.manager.cookie, "/api/webhooks"));
    expect(listed.webhooks.map((w) => w.id)).toContain(webhook.id);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const contact = await json<Contact>(await send(f.t, f.manager.cookie, "/api/crm/contacts", { name: "Carla" }), 201);
    expect((await deliveriesOf(f.manager.cookie, webhook.id)).deliveries).toMatchObject([
      { event: "contact.created", status: "pending", attempts: 0 },
    ]);
    await queue.drain();

    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received;
    const timestamp = String(headers["x-nexo-timestamp"]);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
    expect(headers["x-nexo-signature"]).toBe(`v1=${expected}`);
    expect(headers["x-nexo-event"]).toBe("contact.created");
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({
      event: "contact.created",
      agencyId: f.aurora,
      data: { recordType: "contact", recordId: contact.id, actorId: f.manager.id },
    });
    expect(headers["x-nexo-delivery"]).toBe(payload.id);
    const [logged] = (await deliveriesOf(f.manager.cookie, webhook.id)).deliveries;
    expect(logged).toMatchObject({
      id: payload.id,
      status: "delivered",
      attempts: 1,
      responseStatus: 200,
      lastError: null,
    });
    expect(logged.deliveredAt).not.toBeNull();
  });

  it("sends an agency's event only to that agency's webhooks", async () => {
    const theirs = await f.createHook(f.outsider.cookie, receiver.url, ["contact.created"]);
    const before = receiver.received.length;
    await json(await send(f.t, f.manager.cookie, "/api/crm/contacts", { name: "Sem evento para a Boreal" }), 201);
    await queue.drain();
    const bodies = receiver.received.slice(before).map((r) => JSON.parse(r.body) as { agencyId: string });
    expect(bodies.every((b) => b.agencyId === f.aurora)).toBe(true);
    expect((await deliveriesOf(f.outsider.cookie, theirs.webhook.id)).deliveries).toEqual([]);
  });

  it("retries a refused delivery and leaves it failed with its error after the last attempt", async () => {
    const { webhook } = await f.createHook(f.manager.cookie, receiver.url, ["deal.won"]);
    receiver.answerWith(500);
    try {
      const queued = await json<{ deliveryId: string }>(
        await send(f.t, f.manager.cookie, `/api/webhooks/${webhook.id}/test`, {}),
      );
      await queue.drain();
      const [first] = (await deliveriesOf(f.manager.cookie, webhook.id)).deliveries;
      expect(first).toMatchObject({
        id: queued.deliveryId,
        event: "webhook.test",
        status: "pending",
        attempts: 1,
        responseStatus: 500,
      });
      expect(first.lastError).toMatch(/HTTP 500/);
      const last = deliverWebhookJob.maxAttempts as number;
      const context = {
        payload: { deliveryId: queued.deliveryId },
        attempt: last,
        maxAttempts: last,
        agencyId: f.aurora,
        tenant: (fn: (tx: Tx) => Promise<unknown>) =>
          withTenant(f.t.database, { userId: null, agencyId: f.aurora, isSuperAdmin: false }, fn),
      } as never;
      await expect(deliverWebhookJob.handler(f.t.deps, context)).rejects.toThrow(/HTTP 500/);
      const [failed] = (await deliveriesOf(f.manager.cookie, webhook.id)).deliveries;
      expect(failed).toMatchObject({ status: "failed", attempts: last, responseStatus: 500 });
      expect(failed.lastError).toMatch(/HTTP 500: indisponível/);
    } finally {
      receiver.answerWith(200);
    }
  });

  it("refuses at delivery time a URL that points at a private address, even if it got past registration", async () => {
    const [{ id }] = await ownerRows<{ id: string }>(
      f.t,
      sql`insert into webhooks (agency_id, url, events, secret) values (${f.aurora}, 'https://10.0.0.7/hook', '{deal.won}', 'whsec_x') returning id`,
    );
    const before = receiver.received.length;
    await json(await send(f.t, f.manager.cookie, `/api/webhooks/${id}/test`, {}));
    await queue.drain();
    const [delivery] = (await deliveriesOf(f.manager.cookie, id)).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: null });
    expect(delivery.lastError).toMatch(/endereço privado.*10\.0\.0\.7/);
    expect(receiver.received.length).toBe(before);
  });

  it("deletes a webhook with its log (audited); another agency's is 404", async () => {
    const { webhook } = await f.createHook(f.manager.cookie, receiver.url, ["task.assigned"]);
    for (const [path, method] of [
      [`/api/webhooks/${webhook.id}/deliveries`, "GET"],
      [`/api/webhooks/${webhook.id}/test`, "POST"],
      [`/api/webhooks/${webhook.id}`, "DELETE"],
    ] as const) {
      expect((await send(f.t, f.outsider.cookie, path, undefined, method)).status, `${method} ${path}`).toBe(404);
    }
    expect((await send(f.t, f.manager.cookie, `/api/webhooks/${webhook.id}`, undefined, "DELETE")).status).toBe(200);
    expect((await send(f.t, f.manager.cookie, `/api/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
    const audit = await ownerRows(
      f.t,
      sql`select 1 from audit_logs where resource_type = 'webhooks' and resource_id = ${webhook.id} and action = 'delete'`,
    );
    expect(audit).toHaveLength(1);
  });
});
