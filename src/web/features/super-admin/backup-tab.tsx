import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AgencyPage } from "#domain/schemas/agencies.ts";
import { api } from "#web/lib/api.ts";

/** JSON downloads of one agency's data or of the whole platform; the server sends them as attachments. */
export default function BackupTab() {
  const [agencyId, setAgencyId] = useState<string | null>(null);
  const agencies = useQuery({
    queryKey: ["admin", "agencies", "all-for-backup"],
    queryFn: () => api<AgencyPage>("/api/admin/agencies?limit=200"),
  });
  const options = agencies.data?.agencies.map((agency) => ({ value: agency.id, label: agency.name })) ?? [];

  return (
    <Stack>
      <Title order={3}>Backup</Title>
      <Card withBorder maw={640}>
        <Title order={5}>Dados de uma agência</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Baixa um arquivo JSON com todas as tabelas da agência escolhida (perfis, papéis, convites, configurações,
          auditoria, clientes, projetos, leads e tarefas).
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
            component="a"
            href={agencyId ? `/api/admin/export/agencies/${agencyId}` : undefined}
            download
            disabled={!agencyId}
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
        <Button component="a" href="/api/admin/export/platform" download leftSection={<IconDownload size={16} />}>
          Baixar backup da plataforma
        </Button>
      </Card>
    </Stack>
  );
}
