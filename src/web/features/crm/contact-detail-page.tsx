import { Alert, Anchor, Button, Card, Center, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { formatDocument } from "#domain/br-documents.ts";
import { formatCents } from "#domain/crm/money.ts";
import { formatPhone } from "#domain/crm/phone.ts";
import { CRM_MESSAGES } from "#domain/schemas/crm.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { ConfirmModal } from "#web/lib/confirm-modal.tsx";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { ContactFormModal } from "./contact-form-modal.tsx";
import { CustomFieldList } from "./custom-field-list.tsx";
import { RecordTimeline } from "./record-timeline.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { DeletedBanner } from "./deleted-banner.tsx";
import { MergeContactModal } from "./merge-contact-modal.tsx";
import { CONTACT_RESTORED } from "./undo-notification.tsx";
import { crmApi, dealHref, useContact, useRecordDeals } from "./use-crm.ts";
import { RecordField } from "./record-field.tsx";
import { useRecordDeletion } from "./use-record-deletion.ts";

/** A contact's page: its fields, its deals and its timeline. */
export default function ContactDetailPage() {
  const screen = useCurrentScreen();
  const { id = "" } = useParams();
  return (
    <SectionAccess screen={screen}>
      <ContactDetail id={id} />
    </SectionAccess>
  );
}

function ContactDetail({ id }: { id: string }) {
  const contact = useContact(id);
  const deals = useRecordDeals({ contactId: id });
  const [editing, edit] = useDisclosure(false);
  const [merging, mergeModal] = useDisclosure(false);
  const [isConfirmingDelete, deleteConfirmation] = useDisclosure(false);
  const canEdit = usePermission("crm_contatos", "edit").isAllowed;
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  const deletion = useRecordDeletion({
    remove: () => crmApi.deleteContact(id),
    restore: () => crmApi.restoreContact(id),
    deletedMessage: CRM_MESSAGES.contactDeleted,
    restoredMessage: CONTACT_RESTORED,
    listPath: "/app/crm/contatos",
  });
  if (contact.isPending)
    return (
      <Center p="xl" role="status" aria-label="Carregando contato">
        <Loader />
      </Center>
    );
  if (contact.isError) return <Alert color="red">{contact.error.message}</Alert>;
  const c = contact.data;
  const onDelete = () => {
    deleteConfirmation.close();
    deletion.onDelete();
  };
  return (
    <Stack>
      <Anchor component={Link} to="/app/crm/contatos" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Contatos
        </Group>
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={2}>{c.name}</Title>
          <StatusBadge status={c.status} />
        </Group>
        {!c.deletedAt && (
          <Group>
            {canEdit && (
              <Button variant="default" onClick={edit.open}>
                Editar
              </Button>
            )}
            {canEdit && (
              <Button variant="default" onClick={mergeModal.open}>
                Mesclar com…
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
        title="Excluir contato"
        opened={isConfirmingDelete}
        confirmLabel="Excluir"
        color="red"
        onClose={deleteConfirmation.close}
        onConfirm={onDelete}
      >
        Excluir {c.name}? Você pode desfazer em até 30 dias.
      </ConfirmModal>
      {c.deletedAt && (
        <DeletedBanner
          kind="contact"
          deletedAt={c.deletedAt}
          canRestore={canDelete}
          restoring={deletion.isRestoring}
          onRestore={deletion.onRestore}
        />
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Card withBorder padding="md">
              <Stack gap="xs">
                <RecordField label="E-mail" value={c.email} />
                <RecordField label="Telefone" value={formatPhone(c.phone)} />
                <RecordField label="WhatsApp" value={formatPhone(c.whatsapp)} />
                <RecordField label="CPF/CNPJ" value={c.document ? formatDocument(c.document) : null} />
                <div>
                  <Text size="xs" c="dimmed">
                    Empresa
                  </Text>
                  {c.companyId ? (
                    <Anchor component={Link} to={`/app/crm/empresas/${c.companyId}`} size="sm">
                      {c.companyName}
                    </Anchor>
                  ) : (
                    // A contact from before Empresas keeps its company as free text.
                    <Text size="sm">{c.companyName || "—"}</Text>
                  )}
                </div>
                <RecordField label="Cargo" value={c.position} />
                <RecordField label="Cidade/UF" value={[c.city, c.state].filter(Boolean).join(" / ")} />
                <RecordField label="Origem" value={c.source} />
                <RecordField label="Tags" value={c.tags.join(", ")} />
                <RecordField label="Responsável" value={c.ownerName} />
                <RecordField label="Observações" value={c.notes} />
                <CustomFieldList entity="contact" values={c.customFields} />
              </Stack>
            </Card>
            <Card withBorder padding="md">
              <Text fw={600} mb="xs">
                Oportunidades
              </Text>
              {deals.data?.deals.length ? (
                <Stack gap={6}>
                  {deals.data.deals.map((d) => (
                    <Group key={d.id} justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={dealHref(d.id)} size="sm">
                        {d.title}
                      </Anchor>
                      <Text size="sm" c="green">
                        {formatCents(d.valueCents)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  Nenhuma oportunidade.
                </Text>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecordTimeline type="contact" id={id} readOnly={!!c.deletedAt} />
        </Grid.Col>
      </Grid>
      {editing && <ContactFormModal opened={editing} onClose={edit.close} contact={c} />}
      {merging && <MergeContactModal opened={merging} onClose={mergeModal.close} contact={c} />}
    </Stack>
  );
}
