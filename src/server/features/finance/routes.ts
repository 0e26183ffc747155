import {
  cancelInvoiceSchema,
  expenseBodySchema,
  FINANCE_MESSAGES,
  financeSettingsSchema,
  invoiceBodySchema,
  invoiceFromQuoteSchema,
  invoiceFromTimeSchema,
  invoiceListQuerySchema,
  paymentBodySchema,
  paymentCsvQuerySchema,
  paymentListQuerySchema,
  periodQuerySchema,
  priceItemBodySchema,
  projectEstimateQuerySchema,
  publicDecisionSchema,
  quoteBodySchema,
  quoteListQuerySchema,
  quoteUpdateSchema,
  scheduleBodySchema,
  quotesPageSchema,
  quoteViewSchema,
  projectEstimatesSchema,
  publicQuoteViewSchema,
  invoicesPageSchema,
  invoiceViewSchema,
  issuedInvoiceSchema,
  cancelledInvoiceSchema,
  paymentsPageSchema,
  expensesPageSchema,
  financeClientsSchema,
  priceItemsSchema,
  priceItemViewSchema,
  schedulesSchema,
  financeSettingsViewSchema,
  financeOverviewSchema,
  billableProjectsSchema,
  billableTimePreviewSchema,
  createdIdSchema,
  createdInvoiceSchema,
  publicDecisionAnswerSchema,
  sentQuoteSchema,
  updatedQuoteSchema,
} from "#domain/schemas/finance.ts";
import {
  expenseUpdateSchema,
  FINANCE_CORRECTION_MESSAGES,
  paymentReversalSchema,
  reversedPaymentSchema,
} from "#domain/schemas/finance-corrections.ts";
import { successMessageSchema } from "#domain/schemas/shared-answers.ts";
import type { Module } from "#domain/modules.ts";
import { recordScopeOf } from "../../auth/record-scope.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Queryable } from "../../db/client.ts";
import { agencyOf, uuidParam } from "../../http/params.ts";
import { defineRoute, needs, PUBLIC } from "../../http/route.ts";
import { billableTime, listBillableProjects } from "./billable-time.ts";
import { cancelInvoice } from "./cancel-invoice.ts";
import { createInvoice } from "./create-invoice.ts";
import { createQuote } from "./create-quote.ts";
import { deleteExpense } from "./delete-expense.ts";
import { invoicePdf, quotePdf } from "./document-pdf.ts";
import { createExpense, listExpenses } from "./expenses.ts";
import { agencyFacts, financeActor, todayOf } from "./finance-actor.ts";
import { financeOverview } from "./finance-overview.ts";
import { getFinanceSettings, saveFinanceSettings } from "./finance-settings.ts";
import { getInvoice } from "./get-invoice.ts";
import { getQuote } from "./get-quote.ts";
import { invoiceFromQuote } from "./invoice-from-quote.ts";
import { invoiceFromTime } from "./invoice-from-time.ts";
import { issueInvoice } from "./issue-invoice.ts";
import { listClients } from "./list-clients.ts";
import { listInvoices } from "./list-invoices.ts";
import { listPayments } from "./list-payments.ts";
import { listQuotes } from "./list-quotes.ts";
import { paymentsCsv } from "./payments-csv.ts";
import { createPriceItem, listPriceItems } from "./price-items.ts";
import { listProjectEstimates } from "./project-estimates.ts";
import { decidePublicQuote, getPublicQuote } from "./public-quote.ts";
import { recordPayment } from "./record-payment.ts";
import { reversePayment } from "./reverse-payment.ts";
import { endExpenseRecurrence } from "./recurring-expenses.ts";
import { createSchedule, endSchedule, listSchedules } from "./schedules.ts";
import { sendQuote } from "./send-quote.ts";
import { updateExpense } from "./update-expense.ts";
import { updateQuote } from "./update-quote.ts";

const quoteId = (params: Record<string, string>) => uuidParam(params, "quoteId", FINANCE_MESSAGES.quoteNotFound);
const projectId = (params: Record<string, string>) => uuidParam(params, "projectId", FINANCE_MESSAGES.projectNotFound);
const scheduleId = (params: Record<string, string>) =>
  uuidParam(params, "scheduleId", FINANCE_MESSAGES.scheduleNotFound);
const expenseId = (params: Record<string, string>) =>
  uuidParam(params, "expenseId", FINANCE_MESSAGES.recurringExpenseNotFound);
const invoiceId = (params: Record<string, string>) => uuidParam(params, "invoiceId", FINANCE_MESSAGES.invoiceNotFound);
const paymentId = (params: Record<string, string>) =>
  uuidParam(params, "paymentId", FINANCE_CORRECTION_MESSAGES.paymentNotFound);
const correctedExpenseId = (params: Record<string, string>) =>
  uuidParam(params, "expenseId", FINANCE_CORRECTION_MESSAGES.expenseNotFound);

/** The caller's own id when its record scope on the module is "own" (null: all of the agency's). */
async function ownerFilter(db: Queryable, user: SessionUser, module: Module): Promise<string | null> {
  return (await recordScopeOf(db, user, module)) === "own" ? user.id : null;
}

const pdfResponse = { contentType: "application/pdf", description: "PDF do documento" };

function pdf(bytes: Buffer, filename: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

/** Financeiro (issue 18): quotes, invoices, payments, expenses, retainers, overview, settings. */
export const financeRoutes = [
  // ---- quotes ----
  defineRoute({
    method: "GET",
    path: "/api/finance/quotes",
    response: quotesPageSchema,
    access: needs("financeiro_orcamentos", "view"),
    query: quoteListQuerySchema,
    summary: "Lista os orçamentos da agência",
    handler: async ({ user, tenant, query, deps }) => {
      const agencyId = agencyOf(user);
      return tenant(async (tx) => {
        const today = todayOf(await agencyFacts(tx, agencyId), deps.now());
        return listQuotes(tx, agencyId, {
          ...query,
          today,
          ownerId: await ownerFilter(tx, user, "financeiro_orcamentos"),
        });
      });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/quotes",
    access: needs("financeiro_orcamentos", "create"),
    body: quoteBodySchema,
    response: createdIdSchema,
    summary: "Cria um orçamento em rascunho",
    handler: async ({ user, tenant, body, request, c }) => {
      const actor = financeActor(user, agencyOf(user), request);
      return c.json({ id: await tenant((tx) => createQuote(tx, actor, body)) }, 201);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/quotes/:quoteId",
    response: quoteViewSchema,
    access: needs("financeiro_orcamentos", "view"),
    summary: "Um orçamento com itens, totais e resposta do cliente",
    handler: async ({ user, tenant, params, deps }) => {
      const agencyId = agencyOf(user);
      const id = quoteId(params);
      return tenant(async (tx) =>
        getQuote(tx, agencyId, id, deps.config.publicUrl, todayOf(await agencyFacts(tx, agencyId), deps.now())),
      );
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/finance/quotes/:quoteId",
    access: needs("financeiro_orcamentos", "edit"),
    body: quoteUpdateSchema,
    response: updatedQuoteSchema,
    summary: "Altera um orçamento em rascunho, se ainda for a versão que o editor carregou (senão 409)",
    handler: async ({ user, tenant, body, params, request }) => {
      const actor = financeActor(user, agencyOf(user), request);
      const id = quoteId(params);
      const { updatedAt } = await tenant((tx) => updateQuote(tx, actor, id, body));
      return { id, updatedAt };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/quotes/:quoteId/send",
    access: needs("financeiro_orcamentos", "edit"),
    tightRateLimit: true,
    response: sentQuoteSchema,
    summary: "Envia o orçamento ao cliente com um link público",
    handler: async ({ user, tenant, params, request, deps }) => {
      const agencyId = agencyOf(user);
      const actor = financeActor(user, agencyId, request);
      const id = quoteId(params);
      const mail = await tenant((tx) => sendQuote(tx, deps, actor, id));
      if (mail)
        await deps.mailer
          .send(mail)
          .catch((err) => deps.logger.error({ err, quoteId: id }, "e-mail do orçamento não enviado"));
      const view = await tenant(async (tx) =>
        getQuote(tx, agencyId, id, deps.config.publicUrl, todayOf(await agencyFacts(tx, agencyId), deps.now())),
      );
      return { publicUrl: view.publicUrl ?? "", emailed: mail !== null };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/quotes/:quoteId/invoice",
    access: needs("financeiro_faturas", "create"),
    body: invoiceFromQuoteSchema,
    response: issuedInvoiceSchema,
    summary: "Emite a fatura de um orçamento aceito",
    handler: async ({ user, tenant, params, body, request, c }) => {
      const actor = financeActor(user, agencyOf(user), request);
      const id = quoteId(params);
      const invoice = await tenant((tx) => invoiceFromQuote(tx, actor, id, body));
      return c.json({ id: invoice.id, number: invoice.number }, 201);
    },
  }),
  // ---- invoices from a project's approved hours ----
  defineRoute({
    method: "GET",
    path: "/api/finance/billable-time",
    access: needs("financeiro_faturas", "create"),
    response: billableProjectsSchema,
    summary: "Projetos com horas aprovadas e faturáveis ainda não faturadas",
    handler: async ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return { projects: await tenant((tx) => listBillableProjects(tx, agencyId)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/billable-time/:projectId",
    access: needs("financeiro_faturas", "create"),
    response: billableTimePreviewSchema,
    summary: "Prévia da fatura das horas aprovadas de um projeto (uma linha por tarefa e valor-hora)",
    handler: async ({ user, tenant, params }) => {
      const agencyId = agencyOf(user);
      const id = projectId(params);
      return tenant(async (tx) => {
        const { timezone } = await agencyFacts(tx, agencyId);
        return (await billableTime(tx, agencyId, id, { timeZone: timezone })).preview;
      });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/billable-time/:projectId/invoice",
    access: needs("financeiro_faturas", "create"),
    body: invoiceFromTimeSchema,
    response: issuedInvoiceSchema,
    summary: "Emite a fatura das horas aprovadas de um projeto e as marca como faturadas",
    handler: async ({ user, tenant, params, body, request, c }) => {
      const actor = financeActor(user, agencyOf(user), request);
      const id = projectId(params);
      const invoice = await tenant(async (tx) => {
        const { timezone } = await agencyFacts(tx, actor.agencyId);
        return invoiceFromTime(tx, actor, id, body, timezone);
      });
      return c.json({ id: invoice.id, number: invoice.number }, 201);
    },
  }),
  // ---- quote lines from a project's estimated hours ----
  defineRoute({
    method: "GET",
    path: "/api/finance/project-estimates",
    response: projectEstimatesSchema,
    access: needs("financeiro_orcamentos", "create"),
    query: projectEstimateQuerySchema,
    summary: "Projetos com horas estimadas, para um item de orçamento (horas × valor-hora do projeto)",
    handler: async ({ user, tenant, query }) => {
      const agencyId = agencyOf(user);
      return { projects: await tenant((tx) => listProjectEstimates(tx, agencyId, query.companyId)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/quotes/:quoteId/pdf",
    access: needs("financeiro_orcamentos", "view"),
    response: pdfResponse,
    summary: "PDF do orçamento",
    handler: async ({ user, tenant, params, deps }) => {
      const agencyId = agencyOf(user);
      const id = quoteId(params);
      const file = await tenant(async (tx) => {
        const agency = await agencyFacts(tx, agencyId);
        return quotePdf(tx, deps.storage, agency, id, deps.config.publicUrl, todayOf(agency, deps.now()));
      });
      return pdf(file.bytes, file.filename);
    },
  }),
  // ---- the client's public link (no account) ----
  defineRoute({
    method: "GET",
    path: "/api/public/quotes/:quoteToken",
    response: publicQuoteViewSchema,
    access: PUBLIC,
    summary: "Orçamento pelo link público enviado ao cliente",
    handler: ({ params, deps }) => getPublicQuote(deps.database.owner, params.quoteToken ?? "", deps.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/api/public/quotes/:quoteToken/decision",
    access: PUBLIC,
    body: publicDecisionSchema,
    response: publicDecisionAnswerSchema,
    summary: "O cliente aceita ou recusa o orçamento pelo link público",
    handler: async ({ params, deps, body, request }) => {
      const status = await deps.database.owner.transaction((tx) =>
        decidePublicQuote(tx, deps, params.quoteToken ?? "", body, request),
      );
      return { status, message: status === "aceito" ? FINANCE_MESSAGES.quoteAccepted : FINANCE_MESSAGES.quoteDeclined };
    },
  }),
  // ---- invoices ----
  defineRoute({
    method: "GET",
    path: "/api/finance/invoices",
    response: invoicesPageSchema,
    access: needs("financeiro_faturas", "view"),
    query: invoiceListQuerySchema,
    summary: "Lista as faturas da agência com filtros",
    handler: async ({ user, tenant, query, deps }) => {
      const agencyId = agencyOf(user);
      return tenant(async (tx) => {
        const today = todayOf(await agencyFacts(tx, agencyId), deps.now());
        return listInvoices(tx, agencyId, {
          ...query,
          today,
          ownerId: await ownerFilter(tx, user, "financeiro_faturas"),
        });
      });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/invoices",
    response: createdInvoiceSchema,
    access: needs("financeiro_faturas", "create"),
    body: invoiceBodySchema,
    summary: "Emite uma fatura (ou salva um rascunho)",
    handler: async ({ user, tenant, body, request, c }) => {
      const actor = financeActor(user, agencyOf(user), request);
      const invoice = await tenant((tx) => createInvoice(tx, actor, body));
      return c.json({ id: invoice.id, number: invoice.number }, 201);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/invoices/:invoiceId",
    response: invoiceViewSchema,
    access: needs("financeiro_faturas", "view"),
    summary: "Uma fatura com itens, pagamentos e o Pix copia e cola",
    handler: async ({ user, tenant, params, deps }) => {
      const agencyId = agencyOf(user);
      const id = invoiceId(params);
      return tenant(async (tx) => getInvoice(tx, await agencyFacts(tx, agencyId), id, deps.now()));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/invoices/:invoiceId/issue",
    response: issuedInvoiceSchema,
    access: needs("financeiro_faturas", "edit"),
    summary: "Emite um rascunho de fatura, dando-lhe o próximo número",
    handler: async ({ user, tenant, params, request, deps }) => {
      const actor = financeActor(user, agencyOf(user), request);
      const id = invoiceId(params);
      return { id, number: await tenant((tx) => issueInvoice(tx, actor, id, deps.now())) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/invoices/:invoiceId/cancel",
    response: cancelledInvoiceSchema,
    access: needs("financeiro_faturas", "delete"),
    body: cancelInvoiceSchema,
    summary: "Cancela uma fatura com motivo (o número é mantido)",
    handler: async ({ user, tenant, params, body, request, deps }) => {
      const actor = financeActor(user, agencyOf(user), request);
      const id = invoiceId(params);
      await tenant((tx) => cancelInvoice(tx, actor, id, body.reason, deps.now()));
      return { id, message: FINANCE_MESSAGES.invoiceCancelled };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/invoices/:invoiceId/pdf",
    access: needs("financeiro_faturas", "view"),
    response: pdfResponse,
    summary: "PDF da fatura com o QR Code Pix",
    handler: async ({ user, tenant, params, deps }) => {
      const agencyId = agencyOf(user);
      const id = invoiceId(params);
      const file = await tenant(async (tx) =>
        invoicePdf(tx, deps.storage, await agencyFacts(tx, agencyId), id, deps.now()),
      );
      return pdf(file.bytes, file.filename);
    },
  }),
  // ---- payments ----
  defineRoute({
    method: "GET",
    path: "/api/finance/payments",
    response: paymentsPageSchema,
    access: needs("financeiro_pagamentos", "view"),
    query: paymentListQuerySchema,
    summary: "Lista os pagamentos recebidos com filtros",
    handler: async ({ user, tenant, query }) => {
      const agencyId = agencyOf(user);
      return tenant(async (tx) =>
        listPayments(tx, agencyId, { ...query, ownerId: await ownerFilter(tx, user, "financeiro_pagamentos") }),
      );
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/payments.csv",
    access: needs("financeiro_pagamentos", "view"),
    query: paymentCsvQuerySchema,
    response: { contentType: "text/csv", description: "Pagamentos em CSV para o contador" },
    summary: "Exporta os pagamentos filtrados em CSV",
    handler: async ({ user, tenant, query }) => {
      const agencyId = agencyOf(user);
      const rows = await tenant(async (tx) => {
        const ownerId = await ownerFilter(tx, user, "financeiro_pagamentos");
        const all = [];
        let cursor: string | undefined;
        do {
          const page = await listPayments(tx, agencyId, { ...query, cursor, limit: 100, ownerId });
          all.push(...page.payments);
          cursor = page.nextCursor ?? undefined;
        } while (cursor && all.length < 50_000);
        return all;
      });
      return new Response(paymentsCsv(rows), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="pagamentos.csv"',
        },
      });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/payments",
    access: needs("financeiro_pagamentos", "create"),
    body: paymentBodySchema,
    response: createdIdSchema,
    summary: "Registra um pagamento de fatura (parcial ou total)",
    handler: async ({ user, tenant, body, request, c, deps }) => {
      const agencyId = agencyOf(user);
      const actor = financeActor(user, agencyId, request);
      const id = await tenant(async (tx) => {
        const agency = await agencyFacts(tx, agencyId);
        return recordPayment(tx, actor, body, { currency: agency.currency, today: todayOf(agency, deps.now()) });
      });
      return c.json({ id }, 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/payments/:paymentId/reverse",
    // Whoever may record a payment may undo one entered by mistake.
    access: needs("financeiro_pagamentos", "create"),
    body: paymentReversalSchema,
    response: reversedPaymentSchema,
    summary: "Estorna um pagamento com motivo: a fatura volta a ter o saldo em aberto (o registro é mantido)",
    handler: async ({ user, tenant, params, body, request, deps }) => {
      const agencyId = agencyOf(user);
      const actor = financeActor(user, agencyId, request);
      const id = paymentId(params);
      const now = deps.now();
      const invoice = await tenant(async (tx) => {
        const today = todayOf(await agencyFacts(tx, agencyId), now);
        return reversePayment(tx, actor, { paymentId: id, reason: body.reason, now, today });
      });
      return { id, invoice, message: FINANCE_CORRECTION_MESSAGES.paymentReversed };
    },
  }),
  // ---- expenses (money out: the payments module) ----
  defineRoute({
    method: "GET",
    path: "/api/finance/expenses",
    response: expensesPageSchema,
    access: needs("financeiro_pagamentos", "view"),
    query: paymentListQuerySchema.pick({ cursor: true, limit: true, from: true, to: true }),
    summary: "Lista as despesas",
    handler: async ({ user, tenant, query }) => {
      const agencyId = agencyOf(user);
      return tenant(async (tx) =>
        listExpenses(tx, agencyId, { ...query, ownerId: await ownerFilter(tx, user, "financeiro_pagamentos") }),
      );
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/expenses",
    access: needs("financeiro_pagamentos", "create"),
    body: expenseBodySchema,
    response: createdIdSchema,
    summary: "Registra uma despesa",
    handler: async ({ user, tenant, body, request, c }) => {
      const actor = financeActor(user, agencyOf(user), request);
      return c.json({ id: await tenant((tx) => createExpense(tx, actor, body)) }, 201);
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/finance/expenses/:expenseId",
    // Whoever may enter an expense may correct it.
    access: needs("financeiro_pagamentos", "create"),
    body: expenseUpdateSchema,
    response: successMessageSchema,
    summary: "Corrige uma despesa (fornecedor, categoria, data, valor, descrição)",
    handler: async ({ user, tenant, params, body, request }) => {
      const actor = financeActor(user, agencyOf(user), request);
      await tenant((tx) => updateExpense(tx, actor, correctedExpenseId(params), body));
      return { success: true as const, message: FINANCE_CORRECTION_MESSAGES.expenseUpdated };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/api/finance/expenses/:expenseId",
    // Whoever may enter an expense may remove one entered by mistake.
    access: needs("financeiro_pagamentos", "create"),
    response: successMessageSchema,
    summary: "Exclui uma despesa (sai das listas e dos totais; uma recorrente deixa de se repetir)",
    handler: async ({ user, tenant, params, request, deps }) => {
      const actor = financeActor(user, agencyOf(user), request);
      await tenant((tx) => deleteExpense(tx, actor, correctedExpenseId(params), deps.now()));
      return { success: true as const, message: FINANCE_CORRECTION_MESSAGES.expenseDeleted };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/expenses/:expenseId/end-recurrence",
    access: needs("financeiro_pagamentos", "edit"),
    response: successMessageSchema,
    summary: "Encerra a recorrência de uma despesa (as cópias já lançadas ficam)",
    handler: async ({ user, tenant, params, request }) => {
      const actor = financeActor(user, agencyOf(user), request);
      await tenant((tx) => endExpenseRecurrence(tx, actor, expenseId(params)));
      return { success: true as const, message: "Recorrência encerrada." };
    },
  }),
  // ---- price list, clients, retainers, settings, overview ----
  defineRoute({
    method: "GET",
    path: "/api/finance/clients",
    response: financeClientsSchema,
    access: needs("financeiro_orcamentos", "view"),
    summary: "Clientes (empresas) para orçamentos e faturas",
    handler: ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => listClients(tx, agencyId));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/price-items",
    response: priceItemsSchema,
    access: needs("financeiro_orcamentos", "view"),
    summary: "Tabela de preços da agência",
    handler: ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => listPriceItems(tx, agencyId));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/price-items",
    response: priceItemViewSchema,
    access: needs("financeiro_orcamentos", "create"),
    body: priceItemBodySchema,
    summary: "Inclui um serviço na tabela de preços",
    handler: async ({ user, tenant, body, request, c }) => {
      const actor = financeActor(user, agencyOf(user), request);
      return c.json(await tenant((tx) => createPriceItem(tx, actor, body)), 201);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/schedules",
    response: schedulesSchema,
    access: needs("financeiro_faturas", "view"),
    summary: "Faturas recorrentes (retainers)",
    handler: ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => listSchedules(tx, agencyId));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/schedules",
    access: needs("financeiro_faturas", "create"),
    body: scheduleBodySchema,
    response: createdIdSchema,
    summary: "Cria uma fatura recorrente (mensal ou trimestral)",
    handler: async ({ user, tenant, body, request, c }) => {
      const actor = financeActor(user, agencyOf(user), request);
      return c.json({ id: await tenant((tx) => createSchedule(tx, actor, body)) }, 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/finance/schedules/:scheduleId/end",
    access: needs("financeiro_faturas", "edit"),
    response: createdIdSchema,
    summary: "Encerra uma fatura recorrente: nenhuma nova fatura é gerada",
    handler: async ({ user, tenant, params, request }) => {
      const actor = financeActor(user, agencyOf(user), request);
      const id = scheduleId(params);
      await tenant((tx) => endSchedule(tx, actor, id));
      return { id };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/settings",
    response: financeSettingsViewSchema,
    access: needs("financeiro_faturas", "view"),
    summary: "Chave Pix e lembretes da agência",
    handler: ({ user, tenant }) => {
      const agencyId = agencyOf(user);
      return tenant((tx) => getFinanceSettings(tx, agencyId));
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/api/finance/settings",
    response: financeSettingsViewSchema,
    access: needs("financeiro_faturas", "edit"),
    body: financeSettingsSchema,
    summary: "Salva a chave Pix e os lembretes da agência",
    handler: ({ user, tenant, body, request }) => {
      const actor = financeActor(user, agencyOf(user), request);
      return tenant((tx) => saveFinanceSettings(tx, actor, body));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/finance/overview",
    response: financeOverviewSchema,
    access: needs("financeiro_faturas", "view"),
    query: periodQuerySchema,
    summary: "Receitas, despesas, lucro, recebíveis por idade, MRR e maiores clientes do período",
    handler: async ({ user, tenant, query, deps }) => {
      const agencyId = agencyOf(user);
      return tenant(async (tx) => {
        const today = todayOf(await agencyFacts(tx, agencyId), deps.now());
        return financeOverview(tx, agencyId, { ...query, today });
      });
    },
  }),
];
