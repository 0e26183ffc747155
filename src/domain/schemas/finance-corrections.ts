import { z } from "zod";
import { expenseBodySchema, invoiceSummarySchema } from "./finance.ts";

/** Texts of correcting money already entered: a payment's estorno, an expense's edit or deletion. */
export const FINANCE_CORRECTION_MESSAGES = {
  paymentNotFound: "Pagamento não encontrado.",
  reversalReasonRequired: "Informe o motivo do estorno.",
  reversalReasonTooLong: "O motivo do estorno pode ter no máximo 500 caracteres.",
  paymentAlreadyReversed: "Este pagamento já foi estornado.",
  paymentReversed: "Pagamento estornado.",
  expenseNotFound: "Despesa não encontrada.",
  expenseUpdated: "Despesa atualizada.",
  expenseDeleted: "Despesa excluída.",
} as const;

/** POST /api/finance/payments/:paymentId/reverse. */
export const paymentReversalSchema = z.object({
  reason: z
    .string({ error: FINANCE_CORRECTION_MESSAGES.reversalReasonRequired })
    .trim()
    .min(3, FINANCE_CORRECTION_MESSAGES.reversalReasonRequired)
    .max(500, FINANCE_CORRECTION_MESSAGES.reversalReasonTooLong),
});
export type PaymentReversalBody = z.output<typeof paymentReversalSchema>;

/** The answer to an estorno: the invoice as it stands without the payment. */
export const reversedPaymentSchema = z.object({
  id: z.string(),
  invoice: invoiceSummarySchema,
  message: z.string(),
});
export type ReversedPayment = z.infer<typeof reversedPaymentSchema>;

/**
 * PUT /api/finance/expenses/:expenseId: the fields the form registers, but the recurrence, which
 * only "Encerrar" changes (a new recurrence from an edit would back-fill copies since its date).
 */
export const expenseUpdateSchema = expenseBodySchema.omit({ recurrence: true });
export type ExpenseUpdateBody = z.output<typeof expenseUpdateSchema>;
export type ExpenseUpdateInput = z.input<typeof expenseUpdateSchema>;
