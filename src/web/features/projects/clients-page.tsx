import { Alert, Anchor, Card, Loader, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { formatMinutes } from "./project-labels.ts";
import { useClients } from "./use-projects.ts";

/** Projetos › Clientes: client companies with active projects, hours this month, open tasks (issue 17 §5). */
export default function ClientsPage() {
  const screen = useCurrentScreen();
  const clients = useClients();
  return (
    <SectionAccess screen={screen}>
      <SectionHeader title="Clientes" description="Empresas clientes e seus projetos" />
      {clients.isLoading ? (
        <Loader role="status" aria-label="Carregando clientes" />
      ) : clients.isError ? (
        <Alert color="red">Não foi possível carregar os clientes.</Alert>
      ) : (clients.data ?? []).length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center">
            Nenhum cliente com projetos ainda.
          </Text>
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Projetos ativos</Table.Th>
                  <Table.Th>Horas no mês</Table.Th>
                  <Table.Th>Tarefas abertas</Table.Th>
                  <Table.Th>CRM</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(clients.data ?? []).map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={600}>{c.name}</Table.Td>
                    <Table.Td>{c.activeProjects}</Table.Td>
                    <Table.Td>{formatMinutes(c.minutesThisMonth)}</Table.Td>
                    <Table.Td>{c.openTasks}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/app/crm/contatos?empresa=${c.id}`} size="sm">
                        Ver no CRM
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </SectionAccess>
  );
}
