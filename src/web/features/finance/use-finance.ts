import { notifications } from "@mantine/notifications";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BillableTimePreview,
  billableProjectsSchema,
  CreatedId,
  createdInvoiceSchema,
  expensesPageSchema,
  financeClientsSchema,
  IssuedInvoice,
  invoicesPageSchema,
  paymentsPageSchema,
  priceItemsSchema,
  projectEstimatesSchema,
  quotesPageSchema,
  schedulesSchema,
  sentQuoteSchema,
  updatedQuoteSchema,
  FinanceOverview,
  FinanceSettingsView,
  InvoiceFromTimeInput,
  InvoiceInput,
  InvoiceStatus,
  InvoiceView,
  PaymentMethod,
  PriceItemInput,
  QuoteInput,
  QuoteUpdateInput,
  QuoteView,
  ScheduleInput,
} from "#domain/schemas/finance.ts";
import { FINANCE_MESSAGES } from "#domain/schemas/finance.ts";
import {
  FINANCE_CORRECTION_MESSAGES,
  type ExpenseUpdateInput,
  type ReversedPayment,
} from "#domain/schemas/finance-corrections.ts";
import { type AnswerOf, ApiError, api } from "#web/lib/api.ts";
import { usePermission } from "#web/lib/permissions.ts";

const FINANCE = ["finance"] as const;

export function failureMessage(error: unknown, fallback = "Não foi possível concluir. Tente novamente."): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}

function query(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : "";
}

/** Refetches every finance screen's data (after a change made through a shared service, e.g. a file). */
export function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: FINANCE });
}

function useAction<I, O>(fn: (input: I) => Promise<O>, success: string | ((input: I) => string)) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_output, input) => {
      const message = typeof success === "string" ? success : success(input);
      notifications.show({ title: "Sucesso", message, color: "green" });
      return refresh();
    },
    onError: (error) => notifications.show({ title: "Erro", message: failureMessage(error), color: "red" }),
  });
}

export type Client = AnswerOf<typeof financeClientsSchema>["clients"][number];
export type { PriceItemView as PriceItem, ScheduleView as Schedule, ExpenseView } from "#domain/schemas/finance.ts";

export const useClients = () =>
  useQuery({
    queryKey: [...FINANCE, "clients"],
    queryFn: () => api<AnswerOf<typeof financeClientsSchema>>("/api/finance/clients"),
  });

export const usePriceItems = () =>
  useQuery({
    queryKey: [...FINANCE, "price-items"],
    queryFn: () => api<AnswerOf<typeof priceItemsSchema>>("/api/finance/price-items"),
  });

export function useQuotes(status?: string) {
  return useInfiniteQuery({
    queryKey: [...FINANCE, "quotes", status],
    queryFn: ({ pageParam }) =>
      api<AnswerOf<typeof quotesPageSchema>>(`/api/finance/quotes${query({ status, cursor: pageParam || undefined })}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const useQuote = (id: string | null) =>
  useQuery({
    queryKey: [...FINANCE, "quote", id],
    queryFn: () => api<QuoteView>(`/api/finance/quotes/${id}`),
    enabled: Boolean(id),
  });

export const useCreateQuote = () =>
  useAction((body: QuoteInput) => api<CreatedId>("/api/finance/quotes", { body }), "Orçamento criado.");

/** An edit of a draft; a refusal (no longer a draft, edited meanwhile) is shown in the form, not as a toast. */
export function useUpdateQuote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: QuoteUpdateInput & { id: string }) =>
      api<AnswerOf<typeof updatedQuoteSchema>>(`/api/finance/quotes/${id}`, { method: "PUT", body }),
    onSuccess: () => {
      notifications.show({ title: "Sucesso", message: FINANCE_MESSAGES.quoteUpdated, color: "green" });
      return refresh();
    },
    // The quote changed under the editor: show what it is now behind the form.
    onError: () => refresh(),
  });
}

export const useSendQuote = () =>
  useAction(
    (id: string) =>
      api<AnswerOf<typeof sentQuoteSchema>>(`/api/finance/quotes/${id}/send`, { method: "POST", body: {} }),
    "Orçamento enviado ao cliente.",
  );

export const useInvoiceFromQuote = () =>
  useAction(
    ({ id, issueDate, dueDate }: { id: string; issueDate: string; dueDate: string }) =>
      api<IssuedInvoice>(`/api/finance/quotes/${id}/invoice`, { body: { issueDate, dueDate } }),
    "Fatura emitida.",
  );

export const useProjectEstimates = (companyId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...FINANCE, "project-estimates", companyId],
    queryFn: () =>
      api<AnswerOf<typeof projectEstimatesSchema>>(
        `/api/finance/project-estimates${query({ companyId: companyId ?? undefined })}`,
      ),
    enabled,
  });

export const useBillableProjects = (enabled: boolean) =>
  useQuery({
    queryKey: [...FINANCE, "billable-time"],
    queryFn: () => api<AnswerOf<typeof billableProjectsSchema>>("/api/finance/billable-time"),
    enabled,
  });

export const useBillableTimePreview = (projectId: string | null) =>
  useQuery({
    queryKey: [...FINANCE, "billable-time", projectId],
    queryFn: () => api<BillableTimePreview>(`/api/finance/billable-time/${projectId}`),
    enabled: Boolean(projectId),
  });

export const useInvoiceFromTime = () =>
  useAction(
    ({ projectId, ...body }: InvoiceFromTimeInput & { projectId: string }) =>
      api<IssuedInvoice>(`/api/finance/billable-time/${projectId}/invoice`, { body }),
    FINANCE_MESSAGES.timeInvoiced,
  );

export const useSchedules = (enabled: boolean) =>
  useQuery({
    queryKey: [...FINANCE, "schedules"],
    queryFn: () => api<AnswerOf<typeof schedulesSchema>>("/api/finance/schedules"),
    enabled,
  });

export const useCreateSchedule = () =>
  useAction((body: ScheduleInput) => api<CreatedId>("/api/finance/schedules", { body }), "Fatura recorrente criada.");

export const useEndSchedule = () =>
  useAction(
    (id: string) => api<CreatedId>(`/api/finance/schedules/${id}/end`, { method: "POST", body: {} }),
    "Fatura recorrente encerrada.",
  );

export const useCreatePriceItem = () =>
  useAction(
    (body: PriceItemInput) => api<CreatedId>("/api/finance/price-items", { body }),
    "Item incluído na tabela de preços.",
  );

export type InvoiceFilter = { status?: InvoiceStatus; companyId?: string; from?: string; to?: string };

export function useInvoices(filter: InvoiceFilter) {
  return useInfiniteQuery({
    queryKey: [...FINANCE, "invoices", filter],
    queryFn: ({ pageParam }) =>
      api<AnswerOf<typeof invoicesPageSchema>>(
        `/api/finance/invoices${query({ ...filter, cursor: pageParam || undefined })}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export const useInvoice = (id: string | null) =>
  useQuery({
    queryKey: [...FINANCE, "invoice", id],
    queryFn: () => api<InvoiceView>(`/api/finance/invoices/${id}`),
    enabled: Boolean(id),
  });

export const useCreateInvoice = () =>
  useAction(
    (body: InvoiceInput) => api<AnswerOf<typeof createdInvoiceSchema>>("/api/finance/invoices", { body }),
    (body) => (body.draft ? FINANCE_MESSAGES.invoiceDraftSaved : FINANCE_MESSAGES.invoiceIssued),
  );

export const useIssueInvoice = () =>
  useAction(
    (id: string) => api<IssuedInvoice>(`/api/finance/invoices/${id}/issue`, { method: "POST", body: {} }),
    FINANCE_MESSAGES.invoiceIssued,
  );

export const useCancelInvoice = () =>
  useAction(
    ({ id, reason }: { id: string; reason: string }) => api(`/api/finance/invoices/${id}/cancel`, { body: { reason } }),
    "Fatura cancelada.",
  );

export type PaymentInput = {
  invoiceId: string;
  paidOn: string;
  amountCents: number;
  method: PaymentMethod;
  notes?: string | null;
};

export const useRecordPayment = () =>
  useAction((body: PaymentInput) => api<CreatedId>("/api/finance/payments", { body }), "Pagamento registrado.");

/** Estorno of a payment entered by mistake; the refusal (already reversed…) shows as a toast. */
export const useReversePayment = () =>
  useAction(
    ({ id, reason }: { id: string; reason: string }) =>
      api<ReversedPayment>(`/api/finance/payments/${id}/reverse`, { body: { reason } }),
    FINANCE_CORRECTION_MESSAGES.paymentReversed,
  );

export type PaymentFilter = { method?: PaymentMethod; companyId?: string; from?: string; to?: string };

export function usePayments(filter: PaymentFilter) {
  return useInfiniteQuery({
    queryKey: [...FINANCE, "payments", filter],
    queryFn: ({ pageParam }) =>
      api<AnswerOf<typeof paymentsPageSchema>>(
        `/api/finance/payments${query({ ...filter, cursor: pageParam || undefined })}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export const paymentsCsvUrl = (filter: PaymentFilter) => `/api/finance/payments.csv${query(filter)}`;

export const useExpenses = (from?: string, to?: string) =>
  useQuery({
    queryKey: [...FINANCE, "expenses", from, to],
    queryFn: () =>
      api<AnswerOf<typeof expensesPageSchema>>(`/api/finance/expenses${query({ from, to, limit: "100" })}`),
  });

export type ExpenseInput = {
  supplier: string;
  category?: string | null;
  description?: string | null;
  spentOn: string;
  amountCents: number;
  recurrence: string;
};

export const useCreateExpense = () =>
  useAction((body: ExpenseInput) => api<CreatedId>("/api/finance/expenses", { body }), "Despesa registrada.");

export const useUpdateExpense = () =>
  useAction(
    ({ id, ...body }: ExpenseUpdateInput & { id: string }) =>
      api(`/api/finance/expenses/${id}`, { method: "PUT", body }),
    FINANCE_CORRECTION_MESSAGES.expenseUpdated,
  );

export const useDeleteExpense = () =>
  useAction(
    (id: string) => api(`/api/finance/expenses/${id}`, { method: "DELETE" }),
    FINANCE_CORRECTION_MESSAGES.expenseDeleted,
  );

export const useEndExpenseRecurrence = () =>
  useAction(
    (id: string) => api(`/api/finance/expenses/${id}/end-recurrence`, { body: {} }),
    "Recorrência encerrada. As despesas já lançadas continuam.",
  );

export const useOverview = (from: string, to: string) =>
  useQuery({
    queryKey: [...FINANCE, "overview", from, to],
    queryFn: () => api<FinanceOverview>(`/api/finance/overview${query({ from, to })}`),
    placeholderData: keepPreviousData,
  });

export const useFinanceSettings = (enabled = true) =>
  useQuery({
    queryKey: [...FINANCE, "settings"],
    queryFn: () => api<FinanceSettingsView>("/api/finance/settings"),
    enabled,
  });

/** The agency's usual ISS rate (Chave Pix e lembretes) in percent, for a new quote or invoice; 0 if unknown. */
export function useDefaultIssPercent(): number {
  const allowed = usePermission("financeiro_faturas", "view").isAllowed;
  return (useFinanceSettings(allowed).data?.defaultIssRateBp ?? 0) / 100;
}

export const useSaveFinanceSettings = () =>
  useAction(
    (body: Partial<FinanceSettingsView>) => api<FinanceSettingsView>("/api/finance/settings", { method: "PUT", body }),
    "Configurações financeiras salvas.",
  );
