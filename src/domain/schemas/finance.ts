import { z } from "zod";
import { documentTotals, quantityToHundredths } from "../money.ts";
import { calendarDateField } from "./calendar-date-field.ts";
import { normalizePixKey, PIX_KEY_MESSAGES, PIX_KEY_TYPES, PIX_MESSAGES, type PixKeyType } from "../pix.ts";

/** Texts of the finance screens and refusals (issue 18). */
export const FINANCE_MESSAGES = {
  quoteNotFound: "Orçamento não encontrado.",
  invoiceNotFound: "Fatura não encontrada.",
  companyNotFound: "Cliente não encontrado.",
  priceItemNotFound: "Item da tabela de preços não encontrado.",
  scheduleNotFound: "Recorrência não encontrada.",
  recurringExpenseNotFound: "Despesa recorrente não encontrada.",
  linkInvalid: "Link de orçamento inválido ou expirado.",
  amountPositive: "O valor deve ser maior que zero.",
  quantityPositive: "A quantidade deve ser maior que zero, com no máximo duas casas decimais.",
  itemsRequired: "Inclua ao menos um item.",
  serviceRequired: "Informe o serviço do item.",
  titleRequired: "Informe o título do orçamento.",
  invalidDate: "Data inválida.",
  dueBeforeIssue: "A data de vencimento não pode ser anterior à data de emissão.",
  validBeforeIssue: "A validade não pode ser anterior à data do orçamento.",
  discountTooLarge: "O desconto não pode ser maior que o subtotal.",
  issRate: "A alíquota de ISS deve estar entre 0% e 100%.",
  overpayment: "O valor do pagamento é maior que o saldo em aberto da fatura.",
  invoiceNotPayable: "Esta fatura não aceita pagamentos (rascunho, cancelada ou já paga).",
  invoiceNotEditable: "Uma fatura emitida não pode ser editada: cancele-a e emita outra.",
  alreadyCancelled: "Esta fatura já está cancelada.",
  cancelPaid: "Uma fatura com pagamentos não pode ser cancelada.",
  cancelReasonRequired: "Informe o motivo do cancelamento.",
  replaceOnlyCancelled: "Só uma fatura cancelada pode ser substituída: cancele-a antes de emitir a substituta.",
  alreadyReplaced: "Esta fatura cancelada já tem uma substituta.",
  invoiceIssued: "Fatura emitida.",
  invoiceDraftSaved: "Rascunho de fatura salvo. Emita-o para receber o número.",
  quoteNotEditable: "Apenas orçamentos em rascunho podem ser editados.",
  quoteChanged:
    "Este orçamento foi alterado por outra pessoa enquanto você editava. Feche o formulário e abra de novo para ver a versão atual.",
  quoteUpdated: "Orçamento atualizado.",
  quoteNotOpen: "Este orçamento não está mais aguardando resposta.",
  quoteExpired: "Este orçamento expirou.",
  quoteNotAccepted: "Apenas orçamentos aceitos geram faturas.",
  quoteAlreadyInvoiced: "Este orçamento já gerou uma fatura.",
  nameRequired: "Informe seu nome para registrar a resposta.",
  invalidMethod: "Forma de pagamento inválida.",
  supplierRequired: "Informe o fornecedor.",
  nameRequiredGeneric: "Informe o nome.",
  periodInvalid: "O período informado é inválido.",
  paymentRecorded: "Pagamento registrado.",
  invoiceCreated: "Fatura emitida.",
  quoteCreated: "Orçamento criado.",
  quoteSent: "Orçamento enviado ao cliente.",
  quoteAccepted: "Orçamento aceito. Obrigado!",
  quoteDeclined: "Orçamento recusado.",
  invoiceCancelled: "Fatura cancelada.",
  settingsSaved: "Configurações financeiras salvas.",
  projectNotFound: "Projeto não encontrado.",
  projectWithoutClient: "Vincule o projeto a um cliente para faturar as horas.",
  noBillableTime: "Este projeto não tem horas aprovadas a faturar.",
  billableTimeChanged: "As horas do projeto mudaram enquanto a fatura era criada. Revise e tente de novo.",
  timeInvoiced: "Fatura das horas emitida.",
  tooManyItems: "Inclua no máximo 100 itens.",
  invalidDiscount: "Desconto inválido: informe um valor em reais.",
  invalidIssWithheld: "Informe se o ISS é retido pelo cliente.",
  invalidExpectedTotal: "O total da prévia das horas é inválido. Feche e abra a prévia de novo.",
  unitRequired: "Informe a unidade, com até 20 caracteres.",
  invalidRecurrence: "Recorrência inválida: escolha nenhuma, mensal ou anual.",
  invalidFrequency: "Frequência inválida: escolha mensal ou trimestral.",
  dayOfMonth: "O dia da emissão deve ser um número de 1 a 28.",
  dueDays: "O prazo de vencimento deve ser de 0 a 120 dias.",
  invalidDecision: "Escolha aceitar ou recusar o orçamento.",
  invalidStatus: "Situação inválida.",
  invalidCursor: "Página inválida. Volte ao início da lista.",
  invalidLimit: "O tamanho da página deve ser de 1 a 100.",
  invalidChoice: "Escolha sim ou não.",
  paidInFuture: "A data do pagamento não pode ser depois de hoje: registre o pagamento quando o dinheiro entrar.",
} as const;

/** A text longer than its field allows. */
export const textTooLong = (max: number) => `Use no máximo ${max} caracteres.`;

export const QUOTE_STATUSES = ["rascunho", "enviado", "aceito", "recusado", "expirado"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  rascunho: "Rascunho",
  enviado: "Enviado",
  aceito: "Aceito",
  recusado: "Recusado",
  expirado: "Expirado",
};

/** Stored statuses plus "vencida", computed from the due date when a balance is open. */
export const INVOICE_STATUSES = ["rascunho", "emitida", "parcialmente_paga", "paga", "vencida", "cancelada"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  rascunho: "Rascunho",
  emitida: "Emitida",
  parcialmente_paga: "Parcialmente paga",
  paga: "Paga",
  vencida: "Vencida",
  cancelada: "Cancelada",
};

/** "vencida" when the balance is open after the due date (dates as YYYY-MM-DD in the agency's zone). */
export function invoiceStatusOn(stored: string, dueDate: string, today: string): InvoiceStatus {
  if ((stored === "emitida" || stored === "parcialmente_paga") && dueDate < today) return "vencida";
  return stored as InvoiceStatus;
}

export const PAYMENT_METHODS = ["pix", "boleto", "transferencia", "cartao", "dinheiro"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: "Pix",
  boleto: "Boleto",
  transferencia: "Transferência",
  cartao: "Cartão",
  dinheiro: "Dinheiro",
};

export const EXPENSE_RECURRENCES = ["nenhuma", "mensal", "anual"] as const;
export const SCHEDULE_FREQUENCIES = ["mensal", "trimestral"] as const;
export const SCHEDULE_FREQUENCY_LABELS: Record<(typeof SCHEDULE_FREQUENCIES)[number], string> = {
  mensal: "Mensal",
  trimestral: "Trimestral",
};

const isoDate = calendarDateField(FINANCE_MESSAGES.invalidDate);

const cents = z
  .number({ error: FINANCE_MESSAGES.amountPositive })
  .int(FINANCE_MESSAGES.amountPositive)
  .positive(FINANCE_MESSAGES.amountPositive)
  .max(99_999_999_999, FINANCE_MESSAGES.amountPositive);

const optionalText = (max: number) =>
  z
    .string({ error: textTooLong(max) })
    .trim()
    .max(max, textTooLong(max))
    .optional()
    .nullable()
    .transform((value) => value || null);

export const documentItemSchema = z.object({
  priceItemId: z.uuid(FINANCE_MESSAGES.priceItemNotFound).optional().nullable(),
  service: z
    .string({ error: FINANCE_MESSAGES.serviceRequired })
    .trim()
    .min(1, FINANCE_MESSAGES.serviceRequired)
    .max(200, textTooLong(200)),
  description: optionalText(1000),
  quantity: z
    .number({ error: FINANCE_MESSAGES.quantityPositive })
    .positive(FINANCE_MESSAGES.quantityPositive)
    .max(1_000_000, FINANCE_MESSAGES.quantityPositive)
    .refine((q) => quantityToHundredths(q) !== null, FINANCE_MESSAGES.quantityPositive),
  unitPriceCents: cents,
});
export type DocumentItemInput = z.input<typeof documentItemSchema>;

/** ISS in basis points: 500 is 5%. */
const issRate = () =>
  z
    .number({ error: FINANCE_MESSAGES.issRate })
    .int(FINANCE_MESSAGES.issRate)
    .min(0, FINANCE_MESSAGES.issRate)
    .max(10_000, FINANCE_MESSAGES.issRate);

const yesOrNo = (message: string = FINANCE_MESSAGES.invalidChoice) => z.boolean({ error: message });

const documentFields = {
  companyId: z.uuid(FINANCE_MESSAGES.companyNotFound),
  items: z
    .array(documentItemSchema, { error: FINANCE_MESSAGES.itemsRequired })
    .min(1, FINANCE_MESSAGES.itemsRequired)
    .max(100, FINANCE_MESSAGES.tooManyItems),
  discountCents: z
    .number({ error: FINANCE_MESSAGES.invalidDiscount })
    .int(FINANCE_MESSAGES.invalidDiscount)
    .min(0, FINANCE_MESSAGES.discountTooLarge)
    .max(99_999_999_999, FINANCE_MESSAGES.discountTooLarge)
    .default(0),
  issRateBp: issRate().default(0),
  issWithheld: yesOrNo(FINANCE_MESSAGES.invalidIssWithheld).default(false),
  notes: optionalText(2000),
};

type DocumentShape = {
  items: { quantity: number; unitPriceCents: number }[];
  discountCents: number;
  issRateBp: number;
  issWithheld: boolean;
};

/** The totals of a parsed body (one rule for the form's preview and the server). */
export function totalsOf(body: DocumentShape) {
  return documentTotals({
    lines: body.items.map((item) => ({
      quantityHundredths: quantityToHundredths(item.quantity) ?? 0,
      unitPriceCents: item.unitPriceCents,
    })),
    discountCents: body.discountCents,
    issRateBasisPoints: body.issRateBp,
    issWithheld: body.issWithheld,
  });
}

const discountWithinSubtotal = (body: DocumentShape) =>
  body.discountCents <= totalsOf({ ...body, discountCents: 0 }).subtotalCents;
const somethingDue = (body: DocumentShape) => totalsOf(body).amountDueCents > 0;

export const quoteBodySchema = z
  .object({
    ...documentFields,
    title: z
      .string({ error: FINANCE_MESSAGES.titleRequired })
      .trim()
      .min(1, FINANCE_MESSAGES.titleRequired)
      .max(200, textTooLong(200)),
    issueDate: isoDate,
    validUntil: isoDate,
    paymentTerms: optionalText(1000),
  })
  .refine((b) => b.validUntil >= b.issueDate, { message: FINANCE_MESSAGES.validBeforeIssue, path: ["validUntil"] })
  .refine(discountWithinSubtotal, { message: FINANCE_MESSAGES.discountTooLarge, path: ["discountCents"] })
  .refine(somethingDue, { message: FINANCE_MESSAGES.amountPositive, path: ["items"] });
export type QuoteBody = z.output<typeof quoteBodySchema>;
export type QuoteInput = z.input<typeof quoteBodySchema>;

/** An edit of a draft: the form's fields and the version (updatedAt) the editor loaded; a newer one is 409. */
export const quoteUpdateSchema = quoteBodySchema.safeExtend({
  expectedUpdatedAt: z.iso.datetime({ error: FINANCE_MESSAGES.quoteChanged }),
});
export type QuoteUpdateBody = z.output<typeof quoteUpdateSchema>;
export type QuoteUpdateInput = z.input<typeof quoteUpdateSchema>;

export const invoiceBodySchema = z
  .object({
    ...documentFields,
    issueDate: isoDate,
    dueDate: isoDate,
    /** Saved without a number until issued. */
    draft: yesOrNo().default(false),
    replacesInvoiceId: z.uuid(FINANCE_MESSAGES.invoiceNotFound).optional().nullable(),
  })
  .refine((b) => b.dueDate >= b.issueDate, { message: FINANCE_MESSAGES.dueBeforeIssue, path: ["dueDate"] })
  .refine(discountWithinSubtotal, { message: FINANCE_MESSAGES.discountTooLarge, path: ["discountCents"] })
  .refine(somethingDue, { message: FINANCE_MESSAGES.amountPositive, path: ["items"] });
export type InvoiceBody = z.output<typeof invoiceBodySchema>;
export type InvoiceInput = z.input<typeof invoiceBodySchema>;

export const invoiceFromQuoteSchema = z
  .object({ issueDate: isoDate, dueDate: isoDate })
  .refine((b) => b.dueDate >= b.issueDate, { message: FINANCE_MESSAGES.dueBeforeIssue, path: ["dueDate"] });

/** An invoice from a project's approved, billable hours: every such hour at once, at this moment. */
export const invoiceFromTimeSchema = z
  .object({
    issueDate: isoDate,
    dueDate: isoDate,
    issRateBp: documentFields.issRateBp,
    issWithheld: documentFields.issWithheld,
    notes: documentFields.notes,
    /** The preview's total: refused when the hours changed since the person looked. */
    expectedTotalCents: z
      .number({ error: FINANCE_MESSAGES.invalidExpectedTotal })
      .int(FINANCE_MESSAGES.invalidExpectedTotal)
      .min(0, FINANCE_MESSAGES.invalidExpectedTotal)
      .max(99_999_999_999, FINANCE_MESSAGES.invalidExpectedTotal),
  })
  .refine((b) => b.dueDate >= b.issueDate, { message: FINANCE_MESSAGES.dueBeforeIssue, path: ["dueDate"] });
export type InvoiceFromTimeInput = z.input<typeof invoiceFromTimeSchema>;

/** A live project's estimated hours, offered as a quote line (hours × the project's rate, if it has one). */
export type ProjectEstimate = z.infer<typeof projectEstimateSchema>;

export const projectEstimateQuerySchema = z.object({ companyId: z.uuid(FINANCE_MESSAGES.companyNotFound).optional() });

/** A project with approved, billable hours no invoice has taken yet. */
export const billableProjectSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  entries: z.number(),
  minutes: z.number(),
});
export type BillableProject = z.infer<typeof billableProjectSchema>;
export const billableProjectsSchema = z.object({ projects: z.array(billableProjectSchema) });

/** What an invoice of a project's hours would hold, computed by the same rule that issues it. */
export const billableTimePreviewSchema = billableProjectSchema.extend({
  lines: z.array(
    z.object({
      service: z.string(),
      description: z.string(),
      quantity: z.number(),
      unitPriceCents: z.number(),
      totalCents: z.number(),
    }),
  ),
  subtotalCents: z.number(),
});
export type BillableTimePreview = z.infer<typeof billableTimePreviewSchema>;

export const cancelInvoiceSchema = z.object({
  reason: z
    .string({ error: FINANCE_MESSAGES.cancelReasonRequired })
    .trim()
    .min(3, FINANCE_MESSAGES.cancelReasonRequired)
    .max(500, textTooLong(500)),
});

export const paymentBodySchema = z.object({
  invoiceId: z.uuid(FINANCE_MESSAGES.invoiceNotFound),
  paidOn: isoDate,
  amountCents: cents,
  method: z.enum(PAYMENT_METHODS, FINANCE_MESSAGES.invalidMethod),
  notes: optionalText(500),
});
export type PaymentBody = z.output<typeof paymentBodySchema>;

/**
 * A payment is money already received, so it is dated no later than the agency's today; a past
 * date is fine (a payment recorded late). Today depends on the agency's time zone, so the schema
 * cannot hold this rule: the server and the form each call it with their today.
 */
export function paymentDateIssue(paidOn: string, today: string): string | null {
  return paidOn > today ? FINANCE_MESSAGES.paidInFuture : null;
}

export const financeSettingsSchema = z
  .object({
    pixKeyType: z.enum(PIX_KEY_TYPES, PIX_MESSAGES.invalidKey).nullable().default(null),
    pixKey: optionalText(120),
    pixMerchantName: optionalText(60),
    pixMerchantCity: optionalText(60),
    remindersEnabled: yesOrNo().default(false),
    defaultIssRateBp: issRate().default(0),
  })
  .superRefine((b, ctx) => {
    const issue = pixKeyIssue(b.pixKeyType, b.pixKey);
    if (issue) ctx.addIssue({ code: "custom", message: issue, path: [b.pixKeyType ? "pixKey" : "pixKeyType"] });
  });

/** What is wrong with the Pix key as typed (null: none, or no key at all). */
function pixKeyIssue(type: PixKeyType | null, key: string | null): string | null {
  if (!type && !key) return null;
  if (!type) return PIX_MESSAGES.typeRequired;
  if (!key) return PIX_MESSAGES.keyMissing;
  return normalizePixKey(type, key) ? null : PIX_KEY_MESSAGES[type];
}
export type FinanceSettingsBody = z.output<typeof financeSettingsSchema>;

export const priceItemBodySchema = z.object({
  name: z
    .string({ error: FINANCE_MESSAGES.nameRequiredGeneric })
    .trim()
    .min(1, FINANCE_MESSAGES.nameRequiredGeneric)
    .max(200, textTooLong(200)),
  description: optionalText(1000),
  unit: z
    .string({ error: FINANCE_MESSAGES.unitRequired })
    .trim()
    .min(1, FINANCE_MESSAGES.unitRequired)
    .max(20, FINANCE_MESSAGES.unitRequired)
    .default("un"),
  unitPriceCents: cents,
});

export const expenseBodySchema = z.object({
  category: optionalText(80),
  supplier: z
    .string({ error: FINANCE_MESSAGES.supplierRequired })
    .trim()
    .min(1, FINANCE_MESSAGES.supplierRequired)
    .max(200, textTooLong(200)),
  description: optionalText(1000),
  spentOn: isoDate,
  amountCents: cents,
  recurrence: z.enum(EXPENSE_RECURRENCES, FINANCE_MESSAGES.invalidRecurrence).default("nenhuma"),
});
export type ExpenseBody = z.output<typeof expenseBodySchema>;

export const scheduleBodySchema = z
  .object({
    companyId: z.uuid(FINANCE_MESSAGES.companyNotFound),
    description: z
      .string({ error: FINANCE_MESSAGES.serviceRequired })
      .trim()
      .min(1, FINANCE_MESSAGES.serviceRequired)
      .max(200, textTooLong(200)),
    amountCents: cents,
    frequency: z.enum(SCHEDULE_FREQUENCIES, FINANCE_MESSAGES.invalidFrequency).default("mensal"),
    dayOfMonth: z
      .number({ error: FINANCE_MESSAGES.dayOfMonth })
      .int(FINANCE_MESSAGES.dayOfMonth)
      .min(1, FINANCE_MESSAGES.dayOfMonth)
      .max(28, FINANCE_MESSAGES.dayOfMonth),
    dueDays: z
      .number({ error: FINANCE_MESSAGES.dueDays })
      .int(FINANCE_MESSAGES.dueDays)
      .min(0, FINANCE_MESSAGES.dueDays)
      .max(120, FINANCE_MESSAGES.dueDays)
      .default(10),
    startDate: isoDate,
    endDate: isoDate.optional().nullable(),
    emailOnGenerate: yesOrNo().default(false),
    /** The ISS of every invoice the schedule issues; left out, the agency's default ISS. */
    issRateBp: issRate().optional(),
    issWithheld: yesOrNo(FINANCE_MESSAGES.invalidIssWithheld).default(false),
  })
  .refine((b) => !b.endDate || b.endDate >= b.startDate, {
    message: FINANCE_MESSAGES.periodInvalid,
    path: ["endDate"],
  });
export type ScheduleBody = z.output<typeof scheduleBodySchema>;
export type ScheduleInput = z.input<typeof scheduleBodySchema>;
export type PriceItemInput = z.input<typeof priceItemBodySchema>;

export const publicDecisionSchema = z.object({
  decision: z.enum(["aceitar", "recusar"], FINANCE_MESSAGES.invalidDecision),
  name: z
    .string({ error: FINANCE_MESSAGES.nameRequired })
    .trim()
    .min(2, FINANCE_MESSAGES.nameRequired)
    .max(120, textTooLong(120)),
  reason: optionalText(500),
});

const listQuery = {
  cursor: z.string().max(200, FINANCE_MESSAGES.invalidCursor).optional(),
  limit: z.coerce
    .number({ error: FINANCE_MESSAGES.invalidLimit })
    .int(FINANCE_MESSAGES.invalidLimit)
    .min(1, FINANCE_MESSAGES.invalidLimit)
    .max(100, FINANCE_MESSAGES.invalidLimit)
    .default(50),
};

export const quoteListQuerySchema = z.object({
  ...listQuery,
  status: z.enum(QUOTE_STATUSES, FINANCE_MESSAGES.invalidStatus).optional(),
});
export const invoiceListQuerySchema = z.object({
  ...listQuery,
  status: z.enum(INVOICE_STATUSES, FINANCE_MESSAGES.invalidStatus).optional(),
  companyId: z.uuid(FINANCE_MESSAGES.companyNotFound).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const paymentListQuerySchema = z.object({
  ...listQuery,
  method: z.enum(PAYMENT_METHODS, FINANCE_MESSAGES.invalidMethod).optional(),
  companyId: z.uuid(FINANCE_MESSAGES.companyNotFound).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const periodQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.to >= q.from, { message: FINANCE_MESSAGES.periodInvalid, path: ["to"] });
export const paymentCsvQuerySchema = paymentListQuerySchema.omit({ cursor: true, limit: true });

// ---- answers (the published contract: the server's answers and the web's types) ----

export const documentItemViewSchema = z.object({
  id: z.string(),
  position: z.number(),
  service: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  totalCents: z.number(),
});
export type DocumentItem = z.infer<typeof documentItemViewSchema>;

export const documentTotalsViewSchema = z.object({
  subtotalCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  issRateBp: z.number(),
  issCents: z.number(),
  issWithheld: z.boolean(),
  amountDueCents: z.number(),
});
export type DocumentTotalsView = z.infer<typeof documentTotalsViewSchema>;

export const clientViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string().nullable(),
  document: z.string().nullable(),
  email: z.string().nullable(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

const clientRefSchema = z.object({ id: z.string(), name: z.string() });

export const quoteSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(QUOTE_STATUSES),
  client: clientRefSchema,
  issueDate: z.string(),
  validUntil: z.string(),
  amountDueCents: z.number(),
  createdAt: z.string(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteViewSchema = quoteSummarySchema.extend({
  ...documentTotalsViewSchema.shape,
  client: clientViewSchema,
  items: z.array(documentItemViewSchema.extend({ priceItemId: z.string().nullable() })),
  notes: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  /** The version an edit must name (quoteUpdateSchema.expectedUpdatedAt). */
  updatedAt: z.string(),
  publicUrl: z.string().nullable(),
  tokenExpiresAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedIp: z.string().nullable(),
  declineReason: z.string().nullable(),
  invoiceId: z.string().nullable(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.number().nullable(),
  status: z.enum(INVOICE_STATUSES),
  client: clientRefSchema,
  issueDate: z.string(),
  dueDate: z.string(),
  amountDueCents: z.number(),
  paidCents: z.number(),
  balanceCents: z.number(),
  source: z.string(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const paymentViewSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.number().nullable(),
  client: clientRefSchema,
  paidOn: z.string(),
  amountCents: z.number(),
  method: z.enum(PAYMENT_METHODS),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** Its estorno: only on an invoice's history (lists, CSV and revenue leave a reversed payment out). */
  reversal: z.object({ at: z.string(), byName: z.string().nullable(), reason: z.string() }).nullable(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

const invoiceRefSchema = z.object({ id: z.string(), number: z.number().nullable() });

export const invoiceViewSchema = invoiceSummarySchema.extend({
  ...documentTotalsViewSchema.shape,
  client: clientViewSchema,
  items: z.array(documentItemViewSchema),
  notes: z.string().nullable(),
  quoteId: z.string().nullable(),
  replacesInvoiceId: z.string().nullable(),
  /** The cancelled invoice this one replaces, and the one that replaced this (cancelled) one. */
  replaces: invoiceRefSchema.nullable(),
  replacedBy: invoiceRefSchema.nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  pix: z.object({ code: z.string(), txid: z.string() }).nullable(),
  payments: z.array(paymentViewSchema),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export type Page<K extends string, T> = { [key in K]: T[] } & { nextCursor: string | null };

/** A keyset page of `items` under `key`. */
const pageOf = <K extends string, S extends z.ZodType>(key: K, item: S) =>
  z.object({ [key]: z.array(item), nextCursor: z.string().nullable() } as { [k in K]: z.ZodArray<S> } & {
    nextCursor: z.ZodNullable<z.ZodString>;
  });

export const quotesPageSchema = pageOf("quotes", quoteSummarySchema);
export const invoicesPageSchema = pageOf("invoices", invoiceSummarySchema);
export const paymentsPageSchema = pageOf("payments", paymentViewSchema);

export const financeOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  revenueCents: z.number(),
  expensesCents: z.number(),
  netProfitCents: z.number(),
  receivables: z.object({
    notDueCents: z.number(),
    overdue1to30Cents: z.number(),
    overdue31to60Cents: z.number(),
    overdueOver60Cents: z.number(),
  }),
  monthly: z.array(z.object({ month: z.string(), revenueCents: z.number(), expensesCents: z.number() })),
  mrrCents: z.number(),
  topClients: z.array(z.object({ companyId: z.string(), name: z.string(), revenueCents: z.number() })),
});
export type FinanceOverview = z.infer<typeof financeOverviewSchema>;

export const financeSettingsViewSchema = z.object({
  pixKeyType: z.string().nullable(),
  pixKey: z.string().nullable(),
  pixMerchantName: z.string().nullable(),
  pixMerchantCity: z.string().nullable(),
  remindersEnabled: z.boolean(),
  defaultIssRateBp: z.number(),
});
export type FinanceSettingsView = z.infer<typeof financeSettingsViewSchema>;

export const publicQuoteViewSchema = documentTotalsViewSchema.extend({
  agency: z.object({ name: z.string(), primaryColor: z.string(), currency: z.string() }),
  title: z.string(),
  status: z.enum(QUOTE_STATUSES),
  clientName: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  items: z.array(documentItemViewSchema),
  notes: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
});
export type PublicQuoteView = z.infer<typeof publicQuoteViewSchema>;

export const expenseViewSchema = z.object({
  id: z.string(),
  category: z.string().nullable(),
  supplier: z.string(),
  description: z.string().nullable(),
  spentOn: z.string(),
  amountCents: z.number(),
  recurrence: z.string().describe("nenhuma, mensal ou anual"),
  /** A repetition the recurrence job made of another expense. */
  isRepetition: z.boolean(),
  receiptCount: z.number(),
});
export type ExpenseView = z.infer<typeof expenseViewSchema>;
export const expensesPageSchema = pageOf("expenses", expenseViewSchema);

export const scheduleViewSchema = z.object({
  id: z.string(),
  client: clientRefSchema,
  description: z.string(),
  amountCents: z.number(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  dayOfMonth: z.number(),
  issRateBp: z.number(),
  issWithheld: z.boolean(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  active: z.boolean(),
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;
export const schedulesSchema = z.object({ schedules: z.array(scheduleViewSchema) });

export const priceItemViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string(),
  unitPriceCents: z.number(),
});
export type PriceItemView = z.infer<typeof priceItemViewSchema>;
export const priceItemsSchema = z.object({ items: z.array(priceItemViewSchema) });

export const financeClientsSchema = z.object({
  clients: z.array(z.object({ id: z.string(), name: z.string(), document: z.string().nullable() })),
});

export const projectEstimateSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  budgetHours: z.number(),
  hourlyRateCents: z.number().nullable(),
});
export const projectEstimatesSchema = z.object({ projects: z.array(projectEstimateSchema) });

/** A record just created: its id. */
export const createdIdSchema = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof createdIdSchema>;

/** POST /api/finance/invoices: a draft has no number yet. */
export const createdInvoiceSchema = z.object({ id: z.string(), number: z.number().nullable() });

/** An invoice issued (from a draft, a quote or a project's hours): the number it received. */
export const issuedInvoiceSchema = z.object({ id: z.string(), number: z.number() });
export type IssuedInvoice = z.infer<typeof issuedInvoiceSchema>;

/** PUT /api/finance/quotes/:quoteId: the version the next edit must name. */
export const updatedQuoteSchema = z.object({ id: z.string(), updatedAt: z.string() });

/** POST /api/finance/quotes/:quoteId/send. */
export const sentQuoteSchema = z.object({ publicUrl: z.string(), emailed: z.boolean() });

/** POST /api/public/quotes/:quoteToken/decision. */
export const publicDecisionAnswerSchema = z.object({ status: z.string(), message: z.string() });
/** POST …/cancel. */
export const cancelledInvoiceSchema = z.object({ id: z.string(), message: z.string() });
