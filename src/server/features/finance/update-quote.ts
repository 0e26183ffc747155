import { and, eq } from "drizzle-orm";
import { FINANCE_MESSAGES, type QuoteUpdateBody } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { quoteItems, quotes } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { documentRows } from "./document-lines.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { findCompany } from "./find-company.ts";
import { lockQuote } from "./lock-quote.ts";

/**
 * Rewrites a draft quote (a sent one is what the client saw: it changes no more), only if it is still the
 * version the editor loaded: two people editing the same draft cannot silently overwrite each other.
 */
export async function updateQuote(
  tx: Tx,
  actor: FinanceActor,
  quoteId: string,
  body: QuoteUpdateBody,
): Promise<{ updatedAt: string }> {
  const quote = await lockQuote(tx, actor.agencyId, quoteId);
  if (quote.status !== "rascunho") throw new AppError("conflict", FINANCE_MESSAGES.quoteNotEditable);
  if (quote.updatedAt.getTime() !== Date.parse(body.expectedUpdatedAt))
    throw new AppError("conflict", FINANCE_MESSAGES.quoteChanged);
  await findCompany(tx, actor.agencyId, body.companyId);
  const { items, columns } = documentRows(body);
  const updatedAt = new Date();
  await tx
    .update(quotes)
    .set({
      companyId: body.companyId,
      title: body.title,
      issueDate: body.issueDate,
      validUntil: body.validUntil,
      paymentTerms: body.paymentTerms,
      notes: body.notes,
      updatedAt,
      ...columns,
    })
    .where(and(eq(quotes.id, quoteId), eq(quotes.agencyId, actor.agencyId)));
  await tx.delete(quoteItems).where(and(eq(quoteItems.agencyId, actor.agencyId), eq(quoteItems.quoteId, quoteId)));
  await tx.insert(quoteItems).values(
    items.map((item, index) => ({
      ...item,
      agencyId: actor.agencyId,
      quoteId,
      priceItemId: body.items[index].priceItemId ?? null,
    })),
  );
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "quotes",
    resourceId: quoteId,
    details: { title: body.title, amountDueCents: columns.amountDueCents },
  });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "quote",
    recordId: quoteId,
    kind: "updated",
    actorId: actor.userId,
  });
  return { updatedAt: updatedAt.toISOString() };
}
