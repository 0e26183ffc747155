import { Button, Card, FileButton, Group, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconDownload, IconFileUpload, IconUpload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import {
  type ImportPermissionsInput,
  importPermissionsSchema,
  PERMISSION_MESSAGES,
  type PermissionsExport,
  permissionsExportFileName,
} from "#domain/schemas/permissions.ts";
import { api, saveFile } from "#web/lib/api.ts";
import { zodValidate } from "../zod-validate.ts";
import { toastError, toastSuccess, useRefreshPermissions } from "./permission-queries.ts";

function ExportCard() {
  const exportFile = useMutation({
    mutationFn: () => api<PermissionsExport>("/api/admin/permissions/export"),
    onSuccess: (data) =>
      saveFile(
        permissionsExportFileName(new Date()),
        new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }),
      ),
    onError: (error) => toastError(`${PERMISSION_MESSAGES.loadFailed}: ${error.message}`),
  });
  return (
    <Card withBorder padding="md">
      <Title order={5}>Exportar</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Baixa um arquivo JSON com todas as permissões de todas as funções, para guardar ou levar a outra instalação.
      </Text>
      <Button
        leftSection={<IconDownload size={16} />}
        loading={exportFile.isPending}
        onClick={() => exportFile.mutate()}
      >
        Exportar permissões
      </Button>
    </Card>
  );
}

function ImportCard() {
  const refreshPermissions = useRefreshPermissions();
  const form = useForm<ImportPermissionsInput>({
    initialValues: { data: "" },
    validate: zodValidate(importPermissionsSchema),
  });
  const importFile = useMutation({
    mutationFn: (data: string) => api("/api/admin/permissions/import", { body: { data } }),
    onSuccess: () => {
      toastSuccess(PERMISSION_MESSAGES.imported);
      form.reset();
      refreshPermissions();
    },
    onError: (error) => {
      form.setFieldError("data", error.message);
      toastError(PERMISSION_MESSAGES.importFailed);
    },
  });
  const readFile = async (file: File | null) => {
    if (file) form.setFieldValue("data", await file.text());
  };

  return (
    <Card withBorder padding="md">
      <Title order={5}>Importar</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Cole o conteúdo de um arquivo exportado ou escolha o arquivo. Todos os registros são conferidos antes: se algum
        tiver problema, nada é alterado e cada problema é apontado.
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => importFile.mutate(values.data),
          () => toastError(PERMISSION_MESSAGES.importFailed),
        )}
      >
        <Stack gap="sm">
          <Textarea
            label="Dados de importação (JSON)"
            placeholder='{ "permissions": [ ... ] }'
            autosize
            minRows={4}
            maxRows={10}
            // A refused file lists its problems one a line.
            styles={{
              input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 },
              error: { whiteSpace: "pre-line" },
            }}
            {...form.getInputProps("data")}
          />
          <Group justify="space-between">
            <FileButton onChange={readFile} accept="application/json,.json">
              {(props) => (
                <Button variant="default" leftSection={<IconFileUpload size={16} />} {...props}>
                  Escolher arquivo
                </Button>
              )}
            </FileButton>
            <Button type="submit" leftSection={<IconUpload size={16} />} loading={importFile.isPending}>
              Importar permissões
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Export to and import from the JSON file of spec §7. */
export function PermissionsTransfer() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} style={{ alignItems: "start" }}>
      <ExportCard />
      <ImportCard />
    </SimpleGrid>
  );
}
