import { Alert, Anchor, Button, Card, Center, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { formatDocument } from "#domain/br-documents.ts";
import { formatCents } from "#domain/crm/money.ts";
import { formatPhone } from "#domain/crm/phone.ts";
import type { Company } from "#domain/schemas/crm.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { CompanyFormModal } from "./company-form-modal.tsx";
import { CustomFieldList } from "./custom-field-list.tsx";
import { RecordTimeline } from "./record-timeline.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { DeletedBanner } from "./deleted-banner.tsx";
import { COMPANY_RESTORED } from "./undo-notification.tsx";
import { crmApi, dealHref, useCompany, useContacts, useCrmPeople, useRecordDeals } from "./use-crm.ts";
import { RecordField } from "./record-field.tsx";
import { useRecordDeletion } from "./use-record-deletion.ts";

const COMPANIES_LIST = "/app/crm/contatos?aba=empresas";

/** A company's page: its fields, its people, its deals and its timeline. */
export default function CompanyDetailPage() {
  const screen = useCurrentScreen();
  const { id = "" } = useParams();
  return (
    <SectionAccess screen={screen}>
      <CompanyDetail id={id} />
    </SectionAccess>
  );
}

function CompanyDetail({ id }: { id: string }) {
  const company = useCompany(id);
  const [editing, edit] = useDisclosure(false);
  const [isConfirmingDelete, deleteConfirmation] = useDisclosure(false);
  const canEdit = usePermission("crm_contatos", "edit").isAllowed;
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  const deletion = useRecordDeletion({
    remove: () => crmApi.deleteCompany(id),
    restore: () => crmApi.restoreCompany(id),
    deletedMessage: "Empresa excluída. Você pode desfazer em até 30 dias.",
    restoredMessage: COMPANY_RESTORED,
    listPath: COMPANIES_LIST,
  });
  if (company.isPending)
    return (
      <Center p="xl" role="status" aria-label="Carregando empresa">
        <Loader />
      </Center>
    );
  if (company.isError) return <Alert color="red">{company.error.message}</Alert>;
  const c = company.data;
  const onDelete = () => {
    deleteConfirmation.close();
    deletion.onDelete();
  };
  return (
    <Stack>
      <Anchor component={Link} to={COMPANIES_LIST} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Empresas
        </Group>
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{c.name}</Title>
        {!c.deletedAt && (
          <Group>
            {canEdit && (
              <Button variant="default" onClick={edit.open}>
                Editar
              </Button>
            )}
            {canDelete && (
              <Button color="red" variant="light" onClick={deleteConfirmation.open} loading={deletion.isDeleting}>
                Excluir
              </Button>
            )}
          </Group>
        )}
      </Group>
      <ConfirmModal
        title="Excluir empresa"
        opened={isConfirmingDelete}
        confirmLabel="Excluir"
        color="red"
        onClose={deleteConfirmation.close}
        onConfirm={onDelete}
      >
        Excluir {c.name}? As pessoas ligadas a ela continuam cadastradas.
      </ConfirmModal>
      {c.deletedAt && (
        <DeletedBanner
          kind="company"
          deletedAt={c.deletedAt}
          canRestore={canDelete}
          restoring={deletion.isRestoring}
          onRestore={deletion.onRestore}
        />
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <CompanyFields company={c} />
            <CompanyPeople id={id} />
            <CompanyDeals id={id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecordTimeline type="company" id={id} readOnly={!!c.deletedAt} />
        </Grid.Col>
      </Grid>
      {editing && <CompanyFormModal opened={editing} onClose={edit.close} company={c} />}
    </Stack>
  );
}

function CompanyFields({ company: c }: { company: Company }) {
  const people = useCrmPeople();
  const owner = people.data?.find((p) => p.id === c.ownerId)?.name;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <RecordField label="Razão social" value={c.legalName} />
        <RecordField label="CNPJ/CPF" value={c.document ? formatDocument(c.document) : null} />
        <RecordField label="E-mail" value={c.email} />
        <RecordField label="Telefone" value={formatPhone(c.phone)} />
        <RecordField label="Site" value={c.website} />
        <RecordField label="Cidade/UF" value={[c.city, c.state].filter(Boolean).join(" / ")} />
        <RecordField label="Tags" value={c.tags.join(", ")} />
        <RecordField label="Responsável" value={owner} />
        <RecordField label="Observações" value={c.notes} />
        <CustomFieldList entity="company" values={c.customFields} />
      </Stack>
    </Card>
  );
}

function CompanyPeople({ id }: { id: string }) {
  const contacts = useContacts({ companyId: id, sort: "name_asc" });
  const rows = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">
        Pessoas
      </Text>
      {contacts.isPending ? (
        <Loader size="sm" role="status" aria-label="Carregando pessoas" />
      ) : contacts.isError ? (
        <Alert color="red">{contacts.error.message}</Alert>
      ) : rows.length ? (
        <Stack gap={6}>
          {rows.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={`/app/crm/contatos/${p.id}`} size="sm">
                {p.name}
              </Anchor>
              <StatusBadge status={p.status} />
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Nenhuma pessoa ligada a esta empresa.
        </Text>
      )}
    </Card>
  );
}

function CompanyDeals({ id }: { id: string }) {
  const deals = useRecordDeals({ companyId: id });
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">
        Oportunidades
      </Text>
      {deals.isPending ? (
        <Loader size="sm" role="status" aria-label="Carregando oportunidades" />
      ) : deals.isError ? (
        <Alert color="red">{deals.error.message}</Alert>
      ) : deals.data.deals.length ? (
        <Stack gap={6}>
          {deals.data.deals.map((d) => (
            <Group key={d.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={dealHref(d.id)} size="sm">
                {d.title}
              </Anchor>
              <Text size="sm">{formatCents(d.valueCents)}</Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Nenhuma oportunidade.
        </Text>
      )}
    </Card>
  );
}
