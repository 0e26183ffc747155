import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useCsvExport } from "./use-csv-export.ts";

/** "Exportar CSV": downloads `path` (an export route with the screen's filters), loading until saved. */
export function ExportCsvButton({ path }: { path: string }) {
  const download = useCsvExport();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={download.isPending}
      onClick={() => download.mutate(path)}
    >
      Exportar CSV
    </Button>
  );
}
