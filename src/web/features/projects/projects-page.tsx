import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconSearch, IconTrophy } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectSummary } from "#domain/schemas/projects.ts";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { withoutParam } from "./search-params.ts";
import { SectionAccess } from "../sections/section-access.tsx";
import { SectionHeader } from "../sections/section-header.tsx";
import { useIsPhone } from "../crm/record-cells.tsx";
import { ProjectCard, ProjectName } from "./project-card.tsx";
import { STATUS_COLORS } from "./project-labels.ts";
import { HoursProgress, TasksProgress } from "./project-progress.tsx";
import { FromDealModal } from "./from-deal-modal.tsx";
import { ProjectFormModal } from "./project-form-modal.tsx";
import { useProjects } from "./use-projects.ts";

/** Projetos › Visão geral: the projects with task and hour progress (issue 17 §1). */
export default function ProjectsPage() {
  const screen = useCurrentScreen();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<string | null>(null);
  const [q, setQ] = useState("");
  const [fromDeal, setFromDeal] = useState(false);
  const projects = useProjects({ status: status ?? undefined, q: q.trim() || undefined });
  const canCreate = usePermission("projects", "create").isAllowed;
  // A won deal's name, value and owner are CRM data: only who sees the CRM's deals is offered them.
  const canSeeDeals = usePermission("crm_pipelines", "view").isAllowed;
  const creating = params.get("novo") === "1";
  const close = () => setParams(withoutParam("novo"), { replace: true });
  const rows = projects.data?.pages.flatMap((page) => page.projects) ?? [];
  const isPhone = useIsPhone();
  return (
    <SectionAccess screen={screen}>
      <SectionHeader
        title="Visão Geral"
        description="Projetos da agência com o andamento das tarefas e das horas"
        actions={
          canCreate && (
            <>
              {canSeeDeals && (
                <Button variant="light" leftSection={<IconTrophy size={16} />} onClick={() => setFromDeal(true)}>
                  De um negócio ganho
                </Button>
              )}
              <Button leftSection={<IconPlus size={16} />} onClick={() => setParams({ novo: "1" })}>
                Novo Projeto
              </Button>
            </>
          )
        }
      />
      <Group mb="md" gap="sm">
        <TextInput
          aria-label="Buscar projeto"
          placeholder="Buscar projeto..."
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        <Select
          aria-label="Status"
          placeholder="Todos os status"
          clearable
          data={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
          value={status}
          onChange={setStatus}
        />
      </Group>
      {projects.isLoading ? (
        <Loader role="status" aria-label="Carregando projetos" />
      ) : projects.isError ? (
        <Alert color="red">Não foi possível carregar os projetos.</Alert>
      ) : rows.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center">
            Nenhum projeto encontrado.
          </Text>
        </Card>
      ) : isPhone ? (
        <Stack gap="sm">
          {rows.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </Stack>
      ) : (
        <ProjectsTable rows={rows} />
      )}
      {projects.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" loading={projects.isFetchingNextPage} onClick={() => projects.fetchNextPage()}>
            Carregar mais
          </Button>
        </Group>
      )}
      <ProjectFormModal opened={creating} onClose={close} />
      <FromDealModal opened={fromDeal} onClose={() => setFromDeal(false)} />
    </SectionAccess>
  );
}

function ProjectsTable({ rows }: { rows: ProjectSummary[] }) {
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Projeto</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Tarefas</Table.Th>
              <Table.Th>Horas</Table.Th>
              <Table.Th>Orçamento</Table.Th>
              <Table.Th>Entrega</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <ProjectRow key={p.id} project={p} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function ProjectRow({ project: p }: { project: ProjectSummary }) {
  return (
    <Table.Tr data-testid="project-row">
      <Table.Td>
        <ProjectName project={p} />
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[p.status]} variant="light">
          {PROJECT_STATUS_LABELS[p.status]}
        </Badge>
      </Table.Td>
      <Table.Td miw={140}>
        <TasksProgress project={p} />
      </Table.Td>
      <Table.Td miw={140}>
        <HoursProgress project={p} />
      </Table.Td>
      <Table.Td>{formatMoney(p.budgetCents / 100)}</Table.Td>
      <Table.Td>{p.dueDate ? formatDate(p.dueDate) : "—"}</Table.Td>
    </Table.Tr>
  );
}
