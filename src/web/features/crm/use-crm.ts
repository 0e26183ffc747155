import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  boardSchema,
  bulkResultSchema,
  CrmRecordType,
  companiesPageSchema,
  companySchema,
  contactSchema,
  contactSummarySchema,
  contactsPageSchema,
  crmPeopleSchema,
  CustomFieldOrderBody,
  CustomFieldUpdateBody,
  crmReportSchema,
  customFieldSchema,
  customFieldsSchema,
  DealUpdateBody,
  dealSchema,
  dealsPageSchema,
  importStatusSchema,
  okSchema,
  savedViewSchema,
  savedViewsSchema,
  timelinePageSchema,
} from "#domain/schemas/crm.ts";
import {
  bulkContactsSchema,
  CRM_RECORD_PATH as RECORD_PATH,
  mergeContactsSchema,
  recordTaskSchema,
} from "#domain/schemas/crm.ts";
import { type AnswerOf, ApiError, api } from "#web/lib/api.ts";

type BulkContactsBody = z.input<typeof bulkContactsSchema>;
type MergeContactsBody = z.input<typeof mergeContactsSchema>;
type RecordTaskBody = z.input<typeof recordTaskSchema>;

export const CRM_KEY = ["crm"] as const;

export type ContactFilters = {
  q?: string;
  status?: string;
  ownerId?: string;
  tag?: string;
  source?: string;
  companyId?: string;
  customField?: string;
  customValue?: string;
  /** Created between these days (aaaa-mm-dd), both included. */
  createdFrom?: string;
  createdTo?: string;
  sort?: string;
  /** "1": the contacts deleted in the last 30 days (the undo list). */
  deleted?: "1";
};

export function toQueryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: [...CRM_KEY, "contacts", filters],
    queryFn: ({ pageParam, signal }) =>
      api<AnswerOf<typeof contactsPageSchema>>(
        `/api/crm/contacts${toQueryString({ ...filters, cursor: pageParam, limit: 50 })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useContactSummary() {
  return useQuery({
    queryKey: [...CRM_KEY, "summary"],
    queryFn: () => api<AnswerOf<typeof contactSummarySchema>>("/api/crm/contacts/summary"),
  });
}

export function useContact(id: string) {
  return useQuery({
    queryKey: [...CRM_KEY, "contact", id],
    queryFn: () => api<AnswerOf<typeof contactSchema>>(`/api/crm/contacts/${id}`),
  });
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: [...CRM_KEY, "company", id],
    queryFn: () => api<AnswerOf<typeof companySchema>>(`/api/crm/companies/${id}`),
  });
}

export function useCompanies(q: string, enabled = true) {
  return useQuery({
    queryKey: [...CRM_KEY, "companies", q],
    queryFn: () => api<AnswerOf<typeof companiesPageSchema>>(`/api/crm/companies${toQueryString({ q, limit: 20 })}`),
    enabled,
  });
}

/** Empresas: one keyset page after another, like the contacts list. */
export function useCompanyList(filters: { q?: string; sort?: string; deleted?: "1" }) {
  return useInfiniteQuery({
    queryKey: [...CRM_KEY, "companies", "list", filters],
    queryFn: ({ pageParam, signal }) =>
      api<AnswerOf<typeof companiesPageSchema>>(
        `/api/crm/companies${toQueryString({ ...filters, cursor: pageParam, limit: 50 })}`,
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** A deal's address: the pipeline screen opens the deal named in ?deal=. */
export const dealHref = (id: string) => `/app/crm/pipelines?deal=${id}`;

export function useRecordDeals(filter: { contactId?: string; companyId?: string }) {
  return useQuery({
    queryKey: [...CRM_KEY, "deals", filter],
    queryFn: () => api<AnswerOf<typeof dealsPageSchema>>(`/api/crm/deals${toQueryString({ ...filter, limit: 100 })}`),
  });
}

export function useDealList(filters: Record<string, string | undefined>) {
  return useQuery({
    queryKey: [...CRM_KEY, "deals", "list", filters],
    queryFn: () => api<AnswerOf<typeof dealsPageSchema>>(`/api/crm/deals${toQueryString({ ...filters, limit: 200 })}`),
  });
}

export const dealKey = (id: string) => [...CRM_KEY, "deal", id] as const;

/** One deal (a deal's own URL, ?deal=<id>); a 404 is an answer, not a hiccup to retry. */
export function useDeal(id: string | null) {
  return useQuery({
    queryKey: dealKey(id ?? ""),
    queryFn: () => api<AnswerOf<typeof dealSchema>>(`/api/crm/deals/${encodeURIComponent(id ?? "")}`),
    enabled: !!id,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

export const boardKey = (filters: Record<string, string | undefined>) => [...CRM_KEY, "board", filters] as const;

export function useBoard(filters: Record<string, string | undefined>) {
  return useQuery({
    queryKey: boardKey(filters),
    queryFn: () => api<AnswerOf<typeof boardSchema>>(`/api/crm/board${toQueryString(filters)}`),
  });
}

export function useTimeline(type: CrmRecordType, id: string) {
  return useInfiniteQuery({
    queryKey: [...CRM_KEY, "timeline", type, id],
    queryFn: ({ pageParam }) =>
      api<AnswerOf<typeof timelinePageSchema>>(
        `/api/crm/${RECORD_PATH[type]}/${id}/timeline${toQueryString({ cursor: pageParam })}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useImportStatus(id: string | null) {
  return useQuery({
    queryKey: [...CRM_KEY, "import", id],
    queryFn: () => api<AnswerOf<typeof importStatusSchema>>(`/api/crm/imports/${id}`),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.status === "running" || !query.state.data ? 700 : false),
  });
}

export function useReport(from: string, to: string) {
  return useQuery({
    queryKey: [...CRM_KEY, "report", from, to],
    queryFn: () => api<AnswerOf<typeof crmReportSchema>>(`/api/crm/reports${toQueryString({ from, to })}`),
  });
}

/** The agency's custom fields of one record kind, in their order. */
export function useCustomFields(entity: CrmRecordType) {
  return useQuery({
    queryKey: [...CRM_KEY, "custom-fields"],
    queryFn: () => api<AnswerOf<typeof customFieldsSchema>>("/api/crm/custom-fields"),
    select: (data) => data.fields.filter((f) => f.entity === entity),
  });
}

const peopleQuery = (type: CrmRecordType) => ({
  queryKey: [...CRM_KEY, "people", type],
  queryFn: () => api<AnswerOf<typeof crmPeopleSchema>>(`/api/crm/people${toQueryString({ for: RECORD_PATH[type] })}`),
  staleTime: 60_000,
});

/** Every member of the agency (for owner filters and labels: filtering is not assigning). */
export function useCrmPeople(type: CrmRecordType = "contact") {
  return useQuery({ ...peopleQuery(type), select: (answer: AnswerOf<typeof crmPeopleSchema>) => answer.people });
}

/**
 * Who the caller may name the owner of a record of this type (each member's `assignable`) and
 * whether it may leave one without an owner: what the server accepts (GET /api/crm/people?for=…).
 */
export function useOwnerChoices(type: CrmRecordType) {
  return useQuery(peopleQuery(type));
}

export function useSavedViews(entity: CrmRecordType) {
  return useQuery({
    queryKey: [...CRM_KEY, "views"],
    queryFn: () => api<AnswerOf<typeof savedViewsSchema>>("/api/crm/views"),
    select: (data) => data.views.filter((v) => v.entity === entity),
  });
}

/** Contacts whose name, e-mail, phone or document match `q` (the merge picker), skipping `exceptId`. */
export function useContactSearch(q: string, exceptId: string) {
  return useQuery({
    queryKey: [...CRM_KEY, "contacts", "search", q],
    queryFn: () => api<AnswerOf<typeof contactsPageSchema>>(`/api/crm/contacts${toQueryString({ q, limit: 20 })}`),
    enabled: q.length >= 2,
    select: (data) => data.contacts.filter((c) => c.id !== exceptId),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes the CRM's screens and the dashboard; usable after the component that asked is gone (an undo). */
export function useCrmRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: CRM_KEY });
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
  };
}

/** Every CRM mutation refreshes the CRM's screens and the dashboard. */
export function useCrmMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CRM_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

export const crmApi = {
  createContact: (body: unknown) => api<AnswerOf<typeof contactSchema>>("/api/crm/contacts", { body }),
  updateContact: (id: string, body: unknown) =>
    api<AnswerOf<typeof contactSchema>>(`/api/crm/contacts/${id}`, { method: "PUT", body }),
  deleteContact: (id: string) => api<AnswerOf<typeof okSchema>>(`/api/crm/contacts/${id}`, { method: "DELETE" }),
  restoreContact: (id: string) => api<AnswerOf<typeof okSchema>>(`/api/crm/contacts/${id}/restore`, { method: "POST" }),
  bulk: (body: BulkContactsBody) =>
    api<AnswerOf<typeof bulkResultSchema>>("/api/crm/contacts/bulk", { body: bulkContactsSchema.parse(body) }),
  merge: (body: MergeContactsBody) =>
    api<AnswerOf<typeof contactSchema>>("/api/crm/contacts/merge", { body: mergeContactsSchema.parse(body) }),
  createCompany: (body: unknown) => api<AnswerOf<typeof companySchema>>("/api/crm/companies", { body }),
  updateCompany: (id: string, body: unknown) =>
    api<AnswerOf<typeof companySchema>>(`/api/crm/companies/${id}`, { method: "PUT", body }),
  deleteCompany: (id: string) => api<AnswerOf<typeof okSchema>>(`/api/crm/companies/${id}`, { method: "DELETE" }),
  restoreCompany: (id: string) =>
    api<AnswerOf<typeof okSchema>>(`/api/crm/companies/${id}/restore`, { method: "POST" }),
  createCustomField: (body: unknown) => api<AnswerOf<typeof customFieldSchema>>("/api/crm/custom-fields", { body }),
  deleteCustomField: (id: string) =>
    api<AnswerOf<typeof okSchema>>(`/api/crm/custom-fields/${id}`, { method: "DELETE" }),
  updateCustomField: ({ id, ...body }: { id: string } & CustomFieldUpdateBody) =>
    api<AnswerOf<typeof customFieldSchema>>(`/api/crm/custom-fields/${id}`, { method: "PUT", body }),
  reorderCustomFields: (body: CustomFieldOrderBody) =>
    api<AnswerOf<typeof okSchema>>("/api/crm/custom-fields/order", { method: "PUT", body }),
  createView: (body: unknown) => api<AnswerOf<typeof savedViewSchema>>("/api/crm/views", { body }),
  deleteView: (id: string) => api<AnswerOf<typeof okSchema>>(`/api/crm/views/${id}`, { method: "DELETE" }),
  createDeal: (body: unknown) => api<AnswerOf<typeof dealSchema>>("/api/crm/deals", { body }),
  updateDeal: (id: string, body: DealUpdateBody) =>
    api<AnswerOf<typeof dealSchema>>(`/api/crm/deals/${id}`, { method: "PATCH", body }),
  moveDeal: (id: string, body: unknown) => api<AnswerOf<typeof dealSchema>>(`/api/crm/deals/${id}/move`, { body }),
  outcome: (id: string, body: unknown) => api<AnswerOf<typeof dealSchema>>(`/api/crm/deals/${id}/outcome`, { body }),
  activity: (type: CrmRecordType, id: string, body: unknown) =>
    api<AnswerOf<typeof okSchema>>(`/api/crm/${RECORD_PATH[type]}/${id}/activities`, { body }),
  task: (type: CrmRecordType, id: string, body: RecordTaskBody) =>
    api<{ id: string }>(`/api/crm/${RECORD_PATH[type]}/${id}/tasks`, { body: recordTaskSchema.parse(body) }),
  startImport: (body: unknown) => api<AnswerOf<typeof importStatusSchema>>("/api/crm/imports", { body }),
};
