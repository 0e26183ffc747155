import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconCopy, IconPlus } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  AGENCY_MESSAGES,
  type AgencyPage,
  type AgencyRow,
  agencyEditFormSchema,
  type CreatedAgency,
  createAgencySchema,
} from "#domain/schemas/agencies.ts";
import { brazilianFieldsInput } from "#domain/schemas/brazilian-fields.ts";
import { formatPhone } from "#domain/crm/phone.ts";
import { api } from "#web/lib/api.ts";
import { formatDate } from "#web/lib/format.ts";
import { AgencyForm, type AgencyFormValues, EMPTY_AGENCY, PLAN_LABELS } from "./agency-form.tsx";
import { countLabel } from "#domain/count-label.ts";

const AGENCIES_KEY = ["admin", "agencies"] as const;

function toFormValues(agency: AgencyRow): AgencyFormValues {
  return {
    ...EMPTY_AGENCY,
    name: agency.name,
    slug: agency.slug,
    domain: agency.domain ?? "",
    contactEmail: agency.contactEmail ?? "",
    contactPhone: brazilianFieldsInput(agency).contactPhone,
    subscriptionPlan: agency.subscriptionPlan as AgencyFormValues["subscriptionPlan"],
    maxUsers: agency.maxUsers,
    maxClients: agency.maxClients,
    maxProjects: agency.maxProjects,
  };
}

function useAgencyMutations(onCreated: (url: string | null) => void) {
  const queryClient = useQueryClient();
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: AGENCIES_KEY });
    queryClient.invalidateQueries({ queryKey: ["admin", "summary"] });
  };
  const create = useMutation({
    mutationFn: (values: AgencyFormValues) => api<CreatedAgency>("/api/admin/agencies", { body: values }),
    onSuccess: (result) => {
      notifications.show({ title: "Sucesso", message: AGENCY_MESSAGES.created, color: "green" });
      onCreated(result.inviteUrl);
      refresh();
    },
    onError: (error) =>
      notifications.show({ title: "Erro", message: AGENCY_MESSAGES.createFailed + error.message, color: "red" }),
  });
  const update = useMutation({
    mutationFn: (input: { id: string; body: Record<string, unknown> }) =>
      api<AgencyRow>(`/api/admin/agencies/${input.id}`, { method: "PUT", body: input.body }),
    onSuccess: () => {
      notifications.show({ title: "Sucesso", message: AGENCY_MESSAGES.updated, color: "green" });
      refresh();
    },
    onError: (error) =>
      notifications.show({ title: "Erro", message: AGENCY_MESSAGES.updateFailed + error.message, color: "red" }),
  });
  return { create, update };
}

function InviteLink({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Alert color="green" title="Convite do primeiro gestor criado" withCloseButton onClose={onClose}>
      <Text size="sm" mb="xs">
        Envie este link ao gestor. Ele expira em 7 dias.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput value={url} readOnly aria-label="Link do convite" style={{ flex: 1 }} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              variant="light"
              color={copied ? "teal" : "blue"}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? "Copiado" : "Copiar link"}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}

function AgencyCard(props: { agency: AgencyRow; onEdit: () => void; onToggle: () => void; isBusy: boolean }) {
  const { agency } = props;
  const isActive = agency.subscriptionStatus === "active";
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={4}>{agency.name}</Title>
            <Badge color={isActive ? "green" : "gray"}>{isActive ? "Ativo" : "Inativo"}</Badge>
            <Badge variant="light">{PLAN_LABELS()[agency.subscriptionPlan] ?? agency.subscriptionPlan}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {agency.slug}
            {agency.domain ? ` · ${agency.domain}` : ""}
          </Text>
          <Text size="sm">
            {agency.contactEmail ?? "Sem e-mail de contato"}
            {agency.contactPhone ? ` · ${formatPhone(agency.contactPhone)}` : ""}
          </Text>
          <Text size="sm" c="dimmed">
            Limites: {countLabel(agency.maxUsers, "usuário", "usuários")} ·{" "}
            {countLabel(agency.maxClients, "cliente", "clientes")} ·{" "}
            {countLabel(agency.maxProjects, "projeto", "projetos")} · criada em {formatDate(agency.createdAt)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={props.onEdit}>
            Editar
          </Button>
          <Button
            variant="light"
            size="xs"
            color={isActive ? "red" : "green"}
            loading={props.isBusy}
            onClick={props.onToggle}
          >
            {isActive ? "Desativar" : "Ativar"}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** Agencies of the platform, newest first, with creation, editing and activation (spec §2.7). */
export default function AgenciesTab() {
  const [isCreating, setCreating] = useState(false);
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);
  const [editing, setEditing] = useState<AgencyRow | null>(null);
  const [deactivating, setDeactivating] = useState<AgencyRow | null>(null);
  const { create, update } = useAgencyMutations(setInviteUrl);
  const list = useInfiniteQuery({
    queryKey: AGENCIES_KEY,
    queryFn: ({ pageParam }) =>
      api<AgencyPage>(`/api/admin/agencies${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const agencies = list.data?.pages.flatMap((page) => page.agencies) ?? [];

  const toggle = (agency: AgencyRow) =>
    update.mutate({
      id: agency.id,
      body: {
        ...toFormValues(agency),
        subscriptionStatus: agency.subscriptionStatus === "active" ? "inactive" : "active",
      },
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Agências</Title>
        {!isCreating && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Nova Agência
          </Button>
        )}
      </Group>
      {inviteUrl && <InviteLink url={inviteUrl} onClose={() => setInviteUrl(null)} />}
      {isCreating && (
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="sm">
            Nova Agência
          </Title>
          <AgencyForm
            initialValues={EMPTY_AGENCY}
            schema={createAgencySchema}
            withFirstManager
            submitLabel="Criar Agência"
            isSubmitting={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              try {
                await create.mutateAsync(values);
                setCreating(false);
                return true;
              } catch {
                return false;
              }
            }}
          />
        </Card>
      )}
      {list.isPending && <Loader role="status" aria-label="Carregando agências" />}
      {list.isError && <Alert color="red">Erro ao carregar agências: {list.error.message}</Alert>}
      {list.isSuccess && agencies.length === 0 && <Text c="dimmed">{AGENCY_MESSAGES.empty}</Text>}
      {agencies.map((agency) => (
        <AgencyCard
          key={agency.id}
          agency={agency}
          onEdit={() => setEditing(agency)}
          onToggle={() => (agency.subscriptionStatus === "active" ? setDeactivating(agency) : toggle(agency))}
          isBusy={update.isPending && update.variables?.id === agency.id}
        />
      ))}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Carregar mais
        </Button>
      )}
      <Modal opened={deactivating !== null} onClose={() => setDeactivating(null)} title="Desativar agência">
        <Stack>
          <Text size="sm">
            Os usuários de <strong>{deactivating?.name}</strong> perderão o acesso até a agência ser ativada novamente.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeactivating(null)}>
              Cancelar
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (deactivating) toggle(deactivating);
                setDeactivating(null);
              }}
            >
              Desativar
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Editar agência" size="lg">
        {editing && (
          <AgencyForm
            key={editing.id}
            initialValues={toFormValues(editing)}
            schema={agencyEditFormSchema(editing)}
            withFirstManager={false}
            submitLabel="Salvar Alterações"
            isSubmitting={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const { firstManagerEmail: _unused, ...body } = values;
              try {
                await update.mutateAsync({
                  id: editing.id,
                  body: { ...body, subscriptionStatus: editing.subscriptionStatus },
                });
                setEditing(null);
                return true;
              } catch {
                return false;
              }
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
