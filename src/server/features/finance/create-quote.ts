import { FINANCE_MESSAGES, type QuoteBody } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { quoteItems, quotes } from "../../db/schema.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { documentRows } from "./document-lines.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { findCompany } from "./find-company.ts";

/** A new quote in rascunho, its items and totals by the money rule, audited and on its timeline. */
export async function createQuote(tx: Tx, actor: FinanceActor, body: QuoteBody): Promise<string> {
  await findCompany(tx, actor.agencyId, body.companyId);
  const { items, columns } = documentRows(body);
  const [quote] = await tx
    .insert(quotes)
    .values({
      agencyId: actor.agencyId,
      companyId: body.companyId,
      title: body.title,
      issueDate: body.issueDate,
      validUntil: body.validUntil,
      paymentTerms: body.paymentTerms,
      notes: body.notes,
      createdBy: actor.userId,
      ...columns,
    })
    .returning({ id: quotes.id });
  await tx.insert(quoteItems).values(
    items.map((item, index) => ({
      ...item,
      agencyId: actor.agencyId,
      quoteId: quote.id,
      priceItemId: body.items[index].priceItemId ?? null,
    })),
  );
  await recordAudit(tx, actor, {
    action: "create",
    resourceType: "quotes",
    resourceId: quote.id,
    details: { title: body.title, amountDueCents: columns.amountDueCents },
  });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "quote",
    recordId: quote.id,
    kind: "created",
    actorId: actor.userId,
    details: { message: FINANCE_MESSAGES.quoteCreated },
  });
  return quote.id;
}
