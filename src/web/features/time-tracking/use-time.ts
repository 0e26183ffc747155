import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateTimeEntryBody,
  HourlyRates,
  HoursReport,
  RunningTimer,
  StartTimerBody,
  Timesheet,
} from "#domain/schemas/time-entries.ts";
import { api } from "#web/lib/api.ts";
import { notifyError, notifyOk, PROJECTS_KEY } from "../projects/use-projects.ts";

const TIME_KEY = ["time"] as const;

/** The server-held timer; polled so another tab or device's start or stop shows here too. */
export function useRunningTimer(enabled = true) {
  return useQuery({
    queryKey: [...TIME_KEY, "timer"],
    queryFn: () => api<RunningTimer>("/api/time/timer", { isBackground: true }).then((r) => r.timer),
    refetchInterval: 30_000,
    enabled,
  });
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
    mutationFn: (body: StartTimerBody) => api<{ message: string }>("/api/time/timer/start", { body }),
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
    mutationFn: () => api<{ message: string }>("/api/time/timer/stop", { body: {} }),
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
    queryFn: () => api<Timesheet>(`/api/time/timesheet?${params}`),
  });
}

export function useHoursReport(from: string, to: string, groupBy: string) {
  return useQuery({
    queryKey: [...TIME_KEY, "report", from, to, groupBy],
    queryFn: () => api<HoursReport>(`/api/time/report?${new URLSearchParams({ from, to, groupBy })}`),
  });
}

export function useCreateEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateTimeEntryBody) => api<{ message: string }>("/api/time/entries", { body }),
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
    mutationFn: (entryIds: string[]) => api<{ message: string }>("/api/time/entries/approve", { body: { entryIds } }),
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
    queryFn: () => api<HourlyRates>("/api/time/rates"),
    enabled,
  });
}

export function useSaveHourlyRate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { userId: string; rateCents: number }) =>
      api<{ message: string }>("/api/time/rates", { method: "PUT", body }),
    onSuccess: (r) => {
      notifyOk(r.message);
      return refresh();
    },
    onError: notifyError,
  });
}
