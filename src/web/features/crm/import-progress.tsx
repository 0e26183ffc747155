import { Alert, Button, Card, Group, Progress, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorReportCsv } from "./import-error-report.ts";
import type { ImportStatus } from "#domain/schemas/crm.ts";
import { CRM_KEY, useImportStatus } from "./use-crm.ts";

const STORAGE_KEY = "nexo.crm.import";
const EVENT = "nexo-crm-import";

/** The import the user started last: kept in the browser so its progress survives a reload. */
export function rememberImport(id: string) {
  localStorage.setItem(STORAGE_KEY, id);
  window.dispatchEvent(new Event(EVENT));
}

function useRememberedImport(): [string | null, () => void] {
  const [id, setId] = useState<string | null>(() => localStorage.getItem(STORAGE_KEY));
  useEffect(() => {
    const sync = () => setId(localStorage.getItem(STORAGE_KEY));
    window.addEventListener(EVENT, sync);
    return () => window.removeEventListener(EVENT, sync);
  }, []);
  return [
    id,
    () => {
      localStorage.removeItem(STORAGE_KEY);
      setId(null);
    },
  ];
}

function downloadErrors(status: ImportStatus) {
  const csv = errorReportCsv(status);
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `erros-${status.fileName}`;
  link.click();
  URL.revokeObjectURL(url);
}

/** When the import reaches "done", the contacts list and the summary cards read the new rows (once per import). */
function useRefreshWhenDone(id: string | null, status: ImportStatus["status"] | undefined) {
  const queryClient = useQueryClient();
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!id || status !== "done" || refreshedFor.current === id) return;
    refreshedFor.current = id;
    void queryClient.invalidateQueries({ queryKey: [...CRM_KEY, "contacts"] });
    void queryClient.invalidateQueries({ queryKey: [...CRM_KEY, "summary"] });
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
  }, [id, status, queryClient]);
}

/** Progress bar and error report of the last import (polls while it runs). */
export function ImportProgress() {
  const [id, dismiss] = useRememberedImport();
  const status = useImportStatus(id);
  useRefreshWhenDone(id, status.data?.status);
  if (!id) return null;
  if (status.isError) return null;
  const s = status.data;
  const pct = s?.totalRows ? Math.round((s.processedRows / s.totalRows) * 100) : 0;
  return (
    <Card withBorder padding="md" mb="md" data-testid="import-progress">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Importação {s ? `de ${s.fileName}` : ""}:{" "}
          {s?.status === "done" ? "concluída" : s?.status === "failed" ? "falhou" : "em andamento"}
        </Text>
        {s && s.status !== "running" && (
          <Button size="xs" variant="subtle" onClick={dismiss}>
            Fechar
          </Button>
        )}
      </Group>
      <Progress value={pct} aria-label="Progresso da importação" animated={s?.status === "running"} />
      {s && (
        <Text size="sm" mt="xs" data-testid="import-summary">
          {s.processedRows.toLocaleString("pt-BR")} de {s.totalRows.toLocaleString("pt-BR")} linhas · {s.importedRows}{" "}
          importadas · {s.mergedRows} mescladas · {s.skippedRows} duplicadas ignoradas · {s.failedRows} com erro
        </Text>
      )}
      {s && s.failedRows > 0 && s.status !== "running" && (
        <Alert color="yellow" mt="xs">
          <Group justify="space-between">
            <Text size="sm">
              Primeiro erro: linha {s.errors[0]?.line} — {s.errors[0]?.reason}
            </Text>
            <Button size="xs" variant="light" onClick={() => downloadErrors(s)}>
              Baixar linhas com erro (CSV)
            </Button>
          </Group>
        </Alert>
      )}
    </Card>
  );
}
