import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AgencyPage } from "#domain/schemas/agencies.ts";
import { api, downloadFile } from "#web/lib/api.ts";

/**
 * JSON downloads of one agency's data or of the whole platform; the server sends them as
 * attachments. Fetched rather than linked: an export needs a recent password (the prompt asks it)
 * and a refusal shows its message instead of saving it as the file.
 */
export default function BackupTab() {
  const download = useMutation({
    mutationFn: ({ path, name }: { path: string; name: string }) => downloadFile(path, name),
  });
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const agencies = useQuery({
    queryKey: ["admin", "agencies", "all-for-backup"],
    queryFn: () => api<AgencyPage>("/api/admin/agencies?limit=200"),
  });
  const options = agencies.data?.agencies.map((agency) => ({ value: agency.id, label: agency.name })) ?? [];

  return (
    <Stack>
      <Title order={3}>Backup</Title>
      <Text size="sm" c="dimmed" maw={640}>
        Senhas, sessões, códigos de dois fatores, tokens de convite e de links e segredos de integração não vão nos
        arquivos. Cada download fica registrado na auditoria.
      </Text>
      {download.isError && (
        <Alert color="red" role="alert">
          {download.error.message}
        </Alert>
      )}
      <Card withBorder maw={640}>
        <Title order={5}>Dados de uma agência</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Baixa um arquivo JSON com todos os dados da agência escolhida: equipe, CRM, projetos, tarefas, horas,
          financeiro, integrações, notificações, configurações e auditoria.
        </Text>
        {agencies.isPending && <Loader role="status" size="sm" aria-label="Carregando agências" />}
        {agencies.isError && <Alert color="red">Erro ao carregar agências: {agencies.error.message}</Alert>}
        <Group align="flex-end">
          <Select
            label="Agência"
            placeholder="Selecione uma agência"
            data={options}
            value={agencyId}
            onChange={setAgencyId}
            searchable
            nothingFoundMessage="Nenhuma agência encontrada"
            style={{ flex: 1 }}
          />
          <Button
            disabled={!agencyId}
            loading={download.isPending && download.variables?.name === "nexo-backup-agencia.json"}
            onClick={() =>
              agencyId &&
              download.mutate({ path: `/api/admin/export/agencies/${agencyId}`, name: "nexo-backup-agencia.json" })
            }
            leftSection={<IconDownload size={16} />}
          >
            Baixar backup da agência
          </Button>
        </Group>
      </Card>
      <Card withBorder maw={640}>
        <Title order={5}>Toda a plataforma</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Baixa um arquivo JSON com todas as agências e seus dados, papéis e permissões.
        </Text>
        <Button
          loading={download.isPending && download.variables?.name === "nexo-backup-plataforma.json"}
          onClick={() => download.mutate({ path: "/api/admin/export/platform", name: "nexo-backup-plataforma.json" })}
          leftSection={<IconDownload size={16} />}
        >
          Baixar backup da plataforma
        </Button>
      </Card>
    </Stack>
  );
}
