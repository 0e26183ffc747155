import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { okSchema } from "#domain/schemas/projects.ts";
import type {
  CreateTimeEntryBody,
  hourlyRatesSchema,
  hoursReportSchema,
  StartTimerBody,
  timeApprovedSchema,
  timeEntryCreatedSchema,
  timesheetViewSchema,
} from "#domain/schemas/time-entries.ts";
import { type AnswerOf, api } from "#web/lib/api.ts";
import { notifyError, notifyOk, PROJECTS_KEY } from "../projects/use-projects.ts";

import { runningTimerQuery, TIME_KEY } from "./running-timer-query.ts";

export function useRunningTimer(enabled = true) {
  return useQuery({ ...runningTimerQuery, enabled });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TIME_KEY }),
      queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
    ]);
}

export function useStartTimer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: StartTimerBody) =>
      api<AnswerOf<typeof timeEntryCreatedSchema>>("/api/time/timer/start", { body }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}

export function useStopTimer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api<AnswerOf<typeof timeEntryCreatedSchema>>("/api/time/timer/stop", { body: {} }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}

export function useTimesheet(week: string, userId?: string) {
  const params = new URLSearchParams({ week, ...(userId ? { userId } : {}) });
  return useQuery({
    queryKey: [...TIME_KEY, "sheet", week, userId],
    queryFn: () => api<AnswerOf<typeof timesheetViewSchema>>(`/api/time/timesheet?${params}`),
    // The person selector stays in place while another person's week loads.
    placeholderData: keepPreviousData,
  });
}

export function useHoursReport(from: string, to: string, groupBy: string) {
  return useQuery({
    queryKey: [...TIME_KEY, "report", from, to, groupBy],
    queryFn: () =>
      api<AnswerOf<typeof hoursReportSchema>>(`/api/time/report?${new URLSearchParams({ from, to, groupBy })}`),
  });
}

export function useCreateEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateTimeEntryBody) =>
      api<AnswerOf<typeof timeEntryCreatedSchema>>("/api/time/entries", { body }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}

export function useApproveEntries() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (entryIds: string[]) =>
      api<AnswerOf<typeof timeApprovedSchema>>("/api/time/entries/approve", { body: { entryIds } }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}

export function useHourlyRates(enabled: boolean) {
  return useQuery({
    queryKey: [...TIME_KEY, "rates"],
    queryFn: () => api<AnswerOf<typeof hourlyRatesSchema>>("/api/time/rates"),
    enabled,
  });
}

export function useSaveHourlyRate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { userId: string; rateCents: number }) =>
      api<AnswerOf<typeof okSchema>>("/api/time/rates", { method: "PUT", body }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}
