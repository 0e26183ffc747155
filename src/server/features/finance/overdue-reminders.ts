import { sql } from "drizzle-orm";
import { formatDateBr } from "#domain/calendar-date.ts";
import { balanceCents, formatCents } from "#domain/money.ts";
import { type Db, queryRows } from "../../db/client.ts";
import { textToHtml } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";
import { recordTimelineEvent } from "../../timeline/record-timeline-event.ts";
import { agencyFacts } from "./finance-actor.ts";
import { invoicePixCode, pixPayeeOf } from "./invoice-pix.ts";

/** An overdue invoice is reminded at most once in this many days. */
export const REMINDER_INTERVAL_DAYS = 7;
/** Reminders claimed per run; the next run takes the rest. */
const BATCH = 200;

type Claimed = {
  id: string;
  agency_id: string;
  number: number;
  due_date: string;
  amount_due_cents: string;
  paid_cents: string;
  company_name: string;
  company_email: string;
};

/**
 * Claims the overdue invoices to remind now, in agencies that turned reminders on: issued or
 * partly paid, past due on the agency's calendar, a client with an e-mail, not reminded in the
 * last week. The claim (last_reminder_at) and the timeline land in one transaction, with SKIP
 * LOCKED, so two servers never remind the same invoice twice.
 */
async function claimOverdueInvoices(db: Db, now: Date): Promise<Claimed[]> {
  const since = new Date(now.getTime() - REMINDER_INTERVAL_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const rows = await queryRows<Claimed>(
      tx,
      sql`WITH due AS (
            SELECT i.id, co.name AS company_name, co.email AS company_email
            FROM finance_settings fs
            JOIN agencies a ON a.id = fs.agency_id AND a.subscription_status = 'active'
            JOIN invoices i ON i.agency_id = fs.agency_id AND i.status IN ('emitida', 'parcialmente_paga')
              AND i.due_date < (${now.toISOString()}::timestamptz AT TIME ZONE a.timezone)::date
              AND (i.last_reminder_at IS NULL OR i.last_reminder_at < ${since.toISOString()}::timestamptz)
            JOIN companies co ON co.agency_id = i.agency_id AND co.id = i.company_id
              AND co.deleted_at IS NULL AND coalesce(co.email, '') <> ''
            WHERE fs.reminders_enabled
            ORDER BY i.due_date, i.id
            LIMIT ${BATCH}
            FOR UPDATE OF i SKIP LOCKED
          )
          UPDATE invoices SET last_reminder_at = ${now.toISOString()}::timestamptz
          FROM due WHERE invoices.id = due.id
          RETURNING invoices.id, invoices.agency_id, invoices.number, invoices.due_date::text AS due_date,
            invoices.amount_due_cents::text, invoices.paid_cents::text, due.company_name, due.company_email`,
    );
    for (const row of rows) {
      await recordTimelineEvent(tx, {
        agencyId: row.agency_id,
        recordType: "invoice",
        recordId: row.id,
        kind: "reminder_sent",
        actorId: null,
        details: { number: row.number, to: row.company_email },
      });
    }
    return rows;
  });
}

async function reminderMail(db: Db, invoice: Claimed): Promise<Mail> {
  const agency = await agencyFacts(db, invoice.agency_id);
  const balance = balanceCents(Number(invoice.amount_due_cents), Number(invoice.paid_cents));
  const payee = await pixPayeeOf(db, agency);
  const pix = payee ? invoicePixCode(payee, { number: invoice.number, balanceCents: balance }).code : null;
  const lines = [
    `Olá, ${invoice.company_name}!`,
    "",
    `A fatura nº ${invoice.number} de ${agency.name} venceu em ${formatDateBr(invoice.due_date)}.`,
    `Saldo em aberto: ${formatCents(balance, agency.currency)}.`,
    ...(pix ? ["", "Pague com Pix (copia e cola):", pix] : []),
    "",
    "Se o pagamento já foi feito, desconsidere esta mensagem.",
    agency.contactEmail ? `Dúvidas: ${agency.contactEmail}` : "",
  ].filter((line, index, all) => line !== "" || all[index - 1] !== "");
  const text = lines.join("\n").trim();
  return {
    to: invoice.company_email,
    subject: `Lembrete: fatura nº ${invoice.number} de ${agency.name} vencida`,
    text,
    html: textToHtml(text),
  };
}

/**
 * Reminds clients of overdue invoices by e-mail (off by default; Faturas › Chave Pix turns it on
 * per agency). At most once a week per invoice; a reminder whose e-mail fails is logged, not retried.
 */
export async function sendOverdueReminders(
  db: Db,
  send: (mail: Mail) => Promise<unknown>,
  now: Date,
): Promise<{ claimed: number; failed: number }> {
  const claimed = await claimOverdueInvoices(db, now);
  let failed = 0;
  for (const invoice of claimed) {
    try {
      await send(await reminderMail(db, invoice));
    } catch {
      failed++;
    }
  }
  return { claimed: claimed.length, failed };
}
