import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { addDays } from "#domain/calendar-date.ts";
import { formatCents } from "#domain/money.ts";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { Tx } from "../../db/client.ts";
import { companies, quotes } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../http/errors.ts";
import { textToHtml } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import type { FinanceActor } from "./finance-actor.ts";
import { agencyFacts, todayOf } from "./finance-actor.ts";
import { publicQuoteUrl } from "./get-quote.ts";
import { lockQuote } from "./lock-quote.ts";

/** 32 random bytes: the public link cannot be guessed. */
const TOKEN_BYTES = 32;

/**
 * Marks the quote enviado and gives it a public link valid through its validity date (a
 * resend keeps the link). Returns the e-mail to send after the commit, when the client has an address.
 */
export async function sendQuote(tx: Tx, deps: Deps, actor: FinanceActor, quoteId: string): Promise<Mail | null> {
  const quote = await lockQuote(tx, actor.agencyId, quoteId);
  const agency = await agencyFacts(tx, actor.agencyId);
  const today = todayOf(agency, deps.now());
  if (quote.status !== "rascunho" && quote.status !== "enviado")
    throw new AppError("conflict", FINANCE_MESSAGES.quoteNotOpen);
  if (quote.validUntil < today) throw new AppError("conflict", FINANCE_MESSAGES.quoteExpired);
  const token = quote.publicToken ?? randomBytes(TOKEN_BYTES).toString("base64url");
  // The link lives until the end of the validity day in Brazil (UTC−3), whatever the server's zone.
  const tokenExpiresAt = new Date(`${addDays(quote.validUntil, 1)}T03:00:00Z`);
  await tx
    .update(quotes)
    .set({ status: "enviado", publicToken: token, tokenExpiresAt, sentAt: deps.now(), updatedAt: deps.now() })
    .where(and(eq(quotes.id, quoteId), eq(quotes.agencyId, actor.agencyId)));
  await recordAudit(tx, actor, {
    action: "update",
    resourceType: "quotes",
    resourceId: quoteId,
    details: { status: "enviado" },
  });
  await recordTimelineEvent(tx, {
    agencyId: actor.agencyId,
    recordType: "quote",
    recordId: quoteId,
    kind: "sent",
    actorId: actor.userId,
  });
  const [company] = await tx
    .select({ email: companies.email, name: companies.name })
    .from(companies)
    .where(eq(companies.id, quote.companyId));
  if (!company?.email) return null;
  const url = publicQuoteUrl(deps.config.publicUrl, token);
  const amount = formatCents(quote.amountDueCents, agency.currency);
  const text = [
    `Olá, ${company.name}!`,
    "",
    `${agency.name} enviou o orçamento "${quote.title}" no valor de ${amount}.`,
    `Veja os detalhes e responda pelo link abaixo (válido até ${quote.validUntil.split("-").reverse().join("/")}):`,
    url,
  ].join("\n");
  return {
    to: company.email,
    subject: `Orçamento de ${agency.name}: ${quote.title}`,
    text,
    html: textToHtml(text, url),
  };
}
