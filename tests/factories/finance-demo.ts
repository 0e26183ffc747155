import { eq, sql } from "drizzle-orm";
import { addDays, addMonths, dateInZone } from "#domain/calendar-date.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { companies, financeSettings, invoices, priceItems, user } from "#server/db/schema.ts";
import { createQuote } from "#server/features/finance/create-quote.ts";
import { documentRows } from "#server/features/finance/document-lines.ts";
import { createExpense } from "#server/features/finance/expenses.ts";
import type { FinanceActor } from "#server/features/finance/finance-actor.ts";
import { createSchedule } from "#server/features/finance/schedules.ts";
import { generateRecurringInvoices } from "#server/features/finance/generate-recurring-invoices.ts";
import { generateRecurringExpenses } from "#server/features/finance/recurring-expenses.ts";
import { insertInvoice } from "#server/features/finance/insert-invoice.ts";
import { recordPayment } from "#server/features/finance/record-payment.ts";

const CLIENTS = [
  {
    name: "Padaria Pão Quente",
    legalName: "Pão Quente Alimentos Ltda",
    document: "11444777000161",
    email: "financeiro@paoquente.example.com",
  },
  {
    name: "Clínica Sorriso",
    legalName: "Sorriso Odontologia S/S",
    document: "11222333000181",
    email: "contas@sorriso.example.com",
  },
  {
    name: "Academia Movimento",
    legalName: "Movimento Fitness Ltda",
    document: "45723174000110",
    email: "adm@movimento.example.com",
  },
  { name: "Ana Beatriz Costa", legalName: null, document: "52998224725", email: "ana.costa@example.com" },
];

const PRICE_LIST = [
  { name: "Gestão de redes sociais (mensal)", unit: "mês", unitPriceCents: 350_000 },
  { name: "Tráfego pago (gestão mensal)", unit: "mês", unitPriceCents: 250_000 },
  { name: "Hora de design", unit: "h", unitPriceCents: 18_000 },
  { name: "Landing page", unit: "un", unitPriceCents: 480_000 },
  { name: "Criação de marca", unit: "un", unitPriceCents: 900_000 },
  { name: "Hora de consultoria", unit: "h", unitPriceCents: 25_000 },
];

/**
 * Aurora's money for the demo: a price list, quotes in every status, a year of retainer and
 * project invoices with their payments (paid about on time; one client two invoices behind; a
 * project with 50% up front and the rest not yet due) and monthly expenses.
 * Everything goes through the same functions as the API, so the figures agree. Safe to run twice.
 */
export async function seedFinanceDemo(db: Db, agencyId: string, now: Date) {
  const [existing] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.agencyId, agencyId))
    .limit(1);
  if (existing) return;
  const [manager] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, "agency_manager@aurora.example.com"));
  const actor = { userId: manager?.id ?? null, agencyId, ip: null, userAgent: null };
  const today = dateInZone(now, "America/Sao_Paulo");
  const clients: (typeof companies.$inferSelect)[] = [];
  for (const client of CLIENTS) {
    const [row] = await db
      .insert(companies)
      .values({ agencyId, ownerId: actor.userId, ...client })
      .returning();
    clients.push(row);
  }
  await db.insert(priceItems).values(PRICE_LIST.map((item) => ({ agencyId, ...item })));
  await db
    .insert(financeSettings)
    .values({
      agencyId,
      pixKeyType: "email",
      pixKey: "financeiro@aurora.example.com",
      pixMerchantCity: "São Paulo",
      defaultIssRateBp: 500,
    })
    .onConflictDoNothing();
  const yearAgo = `${addMonths(today.slice(0, 7), -11)}-01`;
  await db.transaction(async (tx) => {
    // Retainers: monthly since a year ago; the job's own function issues each month once.
    await createSchedule(tx, actor, {
      companyId: clients[0].id,
      description: "Gestão de redes sociais",
      amountCents: 350_000,
      frequency: "mensal",
      dayOfMonth: 5,
      dueDays: 10,
      startDate: yearAgo,
      endDate: null,
      emailOnGenerate: false,
      issWithheld: false,
    });
    await createSchedule(tx, actor, {
      companyId: clients[1].id,
      description: "Tráfego pago",
      amountCents: 250_000,
      frequency: "mensal",
      dayOfMonth: 10,
      dueDays: 10,
      startDate: yearAgo,
      endDate: null,
      emailOnGenerate: false,
      issWithheld: false,
    });
    await createSchedule(tx, actor, {
      companyId: clients[2].id,
      description: "Consultoria trimestral",
      amountCents: 600_000,
      frequency: "trimestral",
      dayOfMonth: 15,
      dueDays: 15,
      startDate: yearAgo,
      endDate: null,
      emailOnGenerate: false,
      issWithheld: false,
    });
  });
  await generateRecurringInvoices(db, now);
  await db.transaction(async (tx) => {
    // Projects by hand: a landing page five months ago (paid), a brand identity ten days ago (50% up front).
    const landing = await projectInvoice(tx, actor, {
      companyId: clients[3].id,
      service: "Landing page",
      cents: 480_000,
      issueDate: addDays(`${addMonths(today.slice(0, 7), -5)}-01`, 2),
    });
    const brand = await projectInvoice(tx, actor, {
      companyId: clients[2].id,
      service: "Criação de marca",
      cents: 900_000,
      issueDate: addDays(today, -10),
    });
    await recordPayment(
      tx,
      actor,
      { invoiceId: brand.id, paidOn: addDays(today, -9), amountCents: 450_000, method: "pix", notes: "Entrada de 50%" },
      { currency: "BRL", today },
    );
    // Retainers are paid about on time, except Clínica Sorriso's of two months ago and of this month (overdue).
    const behind = new Set([addMonths(today.slice(0, 7), -2), today.slice(0, 7)]);
    const open = await tx.execute(
      sql`select id, due_date::text as due_date, amount_due_cents::int as amount, period_key, company_id
        from invoices where agency_id = ${agencyId} and schedule_id is not null order by issue_date, period_key`,
    );
    const rows = (
      open as unknown as {
        rows: { id: string; due_date: string; amount: number; period_key: string; company_id: string }[];
      }
    ).rows;
    const due = [
      ...rows,
      { id: landing.id, due_date: landing.dueDate, amount: 480_000, period_key: "", company_id: "" },
    ];
    for (const [i, inv] of due.entries()) {
      if (inv.due_date >= today) continue; // not due yet: a vencer
      if (inv.company_id === clients[1].id && behind.has(inv.period_key)) continue;
      const paidOn = i % 5 === 0 ? minDate(addDays(inv.due_date, 3), today) : addDays(inv.due_date, -1);
      const method = i % 4 === 0 ? "boleto" : inv.amount >= 600_000 ? "transferencia" : "pix";
      await recordPayment(
        tx,
        actor,
        { invoiceId: inv.id, paidOn, amountCents: inv.amount, method, notes: null },
        { currency: "BRL", today },
      );
    }
    // Expenses: software and rent recur monthly from a year ago (the recurrence job fills the months,
    // below), freelancers are paid by hand every month.
    const yearAgoMonth = addMonths(today.slice(0, 7), -11);
    const recurring = [
      { supplier: "Adobe", category: "Software", day: "03", cents: 29_000 },
      { supplier: "Escritório Vila Mariana", category: "Aluguel", day: "05", cents: 320_000 },
    ];
    for (const spend of recurring) {
      const base = { supplier: spend.supplier, category: spend.category, description: null, amountCents: spend.cents };
      await createExpense(tx, actor, { ...base, spentOn: `${yearAgoMonth}-${spend.day}`, recurrence: "mensal" });
    }
    for (let m = 11; m >= 0; m--) {
      const spentOn = `${addMonths(today.slice(0, 7), -m)}-20`;
      if (spentOn > today) continue;
      await createExpense(tx, actor, {
        supplier: "Freelancer de vídeo",
        category: "Terceiros",
        description: null,
        spentOn,
        amountCents: 150_000 + (m % 3) * 20_000,
        recurrence: "nenhuma",
      });
    }
    // Quotes in every status.
    const body = (title: string, companyId: string, issueDate: string, validUntil: string, cents: number) => ({
      companyId,
      title,
      issueDate,
      validUntil,
      items: [{ priceItemId: null, service: title, description: null, quantity: 1, unitPriceCents: cents }],
      discountCents: 0,
      issRateBp: 500,
      issWithheld: false,
      notes: null,
      paymentTerms: "50% na aprovação e 50% na entrega",
    });
    await createQuote(tx, actor, body("Campanha de Natal", clients[0].id, today, addDays(today, 20), 750_000));
    const statuses = [
      ["Site institucional", "enviado", addDays(today, -3), addDays(today, 12)],
      ["Vídeos para Reels", "aceito", addDays(today, -20), addDays(today, -5)],
      ["Ensaio fotográfico", "recusado", addDays(today, -30), addDays(today, -15)],
      ["Evento de lançamento", "expirado", addDays(today, -60), addDays(today, -30)],
    ] as const;
    for (const [i, [title, status, issueDate, validUntil]] of statuses.entries()) {
      const id = await createQuote(
        tx,
        actor,
        body(title, clients[i % clients.length].id, issueDate, validUntil, 300_000 + i * 100_000),
      );
      await tx.execute(sql`update quotes set status = ${status}, sent_at = ${issueDate}::date,
        decided_at = case when ${status} in ('aceito', 'recusado') then ${issueDate}::date + 2 end,
        decided_by_name = case when ${status} in ('aceito', 'recusado') then 'Cliente Demo' end
        where id = ${id} and agency_id = ${agencyId}`);
    }
  });
  await generateRecurringExpenses(db, now);
}

const minDate = (a: string, b: string) => (a < b ? a : b);

/** A one-off project billed by hand, ISS 5% shown, due in 30 days. */
async function projectInvoice(
  tx: Tx,
  actor: FinanceActor,
  project: { companyId: string; service: string; cents: number; issueDate: string },
) {
  const dueDate = addDays(project.issueDate, 30);
  const invoice = await insertInvoice(tx, actor, {
    companyId: project.companyId,
    issueDate: project.issueDate,
    dueDate,
    notes: null,
    draft: false,
    source: "manual",
    rows: documentRows({
      items: [{ service: project.service, description: null, quantity: 1, unitPriceCents: project.cents }],
      discountCents: 0,
      issRateBp: 500,
      issWithheld: false,
    }),
  });
  return { id: invoice.id, dueDate };
}
