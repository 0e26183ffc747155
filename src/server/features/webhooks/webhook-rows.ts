import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Webhook, WebhookDelivery } from "#domain/schemas/integrations.ts";
import type { Queryable } from "../../db/client.ts";
import { decodeCursor, pageOf } from "../../db/keyset-cursor.ts";
import { webhookDeliveries, webhooks } from "../../db/schema.ts";

const iso = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoOrNull = (column: unknown) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Newest first from the cursor on, over a (created_at, id) pair of columns. */
const before = (createdAt: unknown, id: unknown, cursor: string | undefined): SQL | undefined => {
  const after = decodeCursor(cursor);
  return after ? sql`(${createdAt}, ${id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
};

const webhookFields = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  active: webhooks.active,
  createdAt: iso(webhooks.createdAt),
  exactCreatedAt: sql<string>`${webhooks.createdAt}::text`,
};

type WebhookRow = { exactCreatedAt: string } & Webhook;
const toWebhook = ({ exactCreatedAt: _exact, ...webhook }: WebhookRow): Webhook => webhook;

/** The agency's webhooks, newest first (never their secret). */
export async function listWebhooks(tx: Queryable, agencyId: string, query: { cursor?: string; limit: number }) {
  const rows = await tx
    .select(webhookFields)
    .from(webhooks)
    .where(and(eq(webhooks.agencyId, agencyId), before(webhooks.createdAt, webhooks.id, query.cursor)))
    .orderBy(sql`${webhooks.createdAt} desc, ${webhooks.id} desc`)
    .limit(query.limit + 1);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ createdAt: row.exactCreatedAt, id: row.id }));
  return { webhooks: page.map(toWebhook), nextCursor };
}

export async function findWebhook(tx: Queryable, agencyId: string, id: string): Promise<Webhook | null> {
  const [row] = await tx
    .select(webhookFields)
    .from(webhooks)
    .where(and(eq(webhooks.agencyId, agencyId), eq(webhooks.id, id)));
  return row ? toWebhook(row) : null;
}

/** A webhook's delivery log, newest first, by the (agency_id, webhook_id, created_at, id) index. */
export async function listDeliveries(
  tx: Queryable,
  agencyId: string,
  webhookId: string,
  query: { cursor?: string; limit: number },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  const d = webhookDeliveries;
  const rows = await tx
    .select({
      id: d.id,
      event: d.event,
      status: d.status,
      attempts: d.attempts,
      responseStatus: d.responseStatus,
      lastError: d.lastError,
      createdAt: iso(d.createdAt),
      deliveredAt: isoOrNull(d.deliveredAt),
      exactCreatedAt: sql<string>`${d.createdAt}::text`,
    })
    .from(d)
    .where(and(eq(d.agencyId, agencyId), eq(d.webhookId, webhookId), before(d.createdAt, d.id, query.cursor)))
    .orderBy(sql`${d.createdAt} desc, ${d.id} desc`)
    .limit(query.limit + 1);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ createdAt: row.exactCreatedAt, id: row.id }));
  return { deliveries: page.map(({ exactCreatedAt: _exact, ...delivery }) => delivery), nextCursor };
}
