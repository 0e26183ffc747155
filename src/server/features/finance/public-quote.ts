import { and, asc, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import {
  FINANCE_MESSAGES,
  type PublicQuoteView,
  type publicDecisionSchema,
  type QuoteStatus,
} from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { agencies, companies, quoteItems, quotes } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { notifyUsers } from "../../notifications/notify-users.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { toDocumentItem, toTotalsView } from "./document-lines.ts";
import { todayOf } from "./finance-actor.ts";
import { quoteStatusOn } from "./quote-status.ts";

// The public link is read without an account, so it runs on the owner connection: the token is
// the only key, and the answer carries this quote and the agency's name and look, nothing else.

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function quoteByToken(db: Queryable, token: string, now: Date, lock: boolean) {
  if (!TOKEN_SHAPE.test(token)) throw new AppError("not_found", FINANCE_MESSAGES.linkInvalid);
  const query = db
    .select({ quote: quotes, agency: agencies, clientName: companies.name })
    .from(quotes)
    .innerJoin(agencies, eq(agencies.id, quotes.agencyId))
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(and(eq(quotes.publicToken, token), gt(quotes.tokenExpiresAt, now)));
  const [row] = lock ? await query.for("update", { of: quotes }) : await query;
  if (!row) throw new AppError("not_found", FINANCE_MESSAGES.linkInvalid);
  return row;
}

export async function getPublicQuote(db: Queryable, token: string, now: Date): Promise<PublicQuoteView> {
  const { quote, agency, clientName } = await quoteByToken(db, token, now, false);
  const items = await db
    .select()
    .from(quoteItems)
    .where(and(eq(quoteItems.agencyId, quote.agencyId), eq(quoteItems.quoteId, quote.id)))
    .orderBy(asc(quoteItems.position));
  return {
    agency: { name: agency.name, primaryColor: agency.primaryColor, currency: agency.currency },
    title: quote.title,
    status: quoteStatusOn(quote.status as QuoteStatus, quote.validUntil, todayOf(agency, now)),
    clientName,
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    items: items.map(toDocumentItem),
    notes: quote.notes,
    paymentTerms: quote.paymentTerms,
    decidedAt: quote.decidedAt?.toISOString() ?? null,
    decidedByName: quote.decidedByName,
    ...toTotalsView(quote),
  };
}

type Decision = z.output<typeof publicDecisionSchema>;

/** The client's answer: once, while the quote is enviado and valid; name, time and IP recorded. */
export async function decidePublicQuote(
  tx: Tx,
  deps: Deps,
  token: string,
  decision: Decision,
  request: { ip: string | null; userAgent: string | null },
): Promise<QuoteStatus> {
  const now = deps.now();
  const { quote, agency } = await quoteByToken(tx, token, now, true);
  if (quote.status !== "enviado") throw new AppError("conflict", FINANCE_MESSAGES.quoteNotOpen);
  if (quote.validUntil < todayOf(agency, now)) throw new AppError("conflict", FINANCE_MESSAGES.quoteExpired);
  const status = decision.decision === "aceitar" ? "aceito" : "recusado";
  await tx
    .update(quotes)
    .set({
      status,
      decidedAt: now,
      decidedByName: decision.name,
      decidedIp: request.ip,
      declineReason: status === "recusado" ? decision.reason : null,
      updatedAt: now,
    })
    .where(and(eq(quotes.id, quote.id), eq(quotes.agencyId, quote.agencyId)));
  const actor = { userId: null, agencyId: quote.agencyId, ...request };
  const details = { status, name: decision.name, ip: request.ip };
  await recordAudit(tx, actor, { action: "update", resourceType: "quotes", resourceId: quote.id, details });
  await recordTimelineEvent(tx, {
    agencyId: quote.agencyId,
    recordType: "quote",
    recordId: quote.id,
    kind: status === "aceito" ? "accepted" : "declined",
    actorId: null,
    details,
  });
  if (quote.createdBy) {
    await notifyUsers(tx, {
      agencyId: quote.agencyId,
      userIds: [quote.createdBy],
      kind: status === "aceito" ? "quote_accepted" : "quote_declined",
      title: `Orçamento ${status === "aceito" ? "aceito" : "recusado"}: ${quote.title}`,
      body: `Resposta de ${decision.name}.`,
      recordType: "quote",
      recordId: quote.id,
      actorId: null,
    });
  }
  return status;
}
