import {
  Button,
  Card,
  Checkbox,
  Group,
  Popover,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconFilter, IconForms, IconPlus, IconSearch, IconUpload } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { CompaniesView } from "./companies-view.tsx";
import { ContactBulkBar } from "./contact-bulk-bar.tsx";
import { STATUS_OPTIONS } from "./contact-status.ts";
import { ContactFormModal } from "./contact-form-modal.tsx";
import { CONTACT_SORT_OPTIONS } from "./contact-sorts.ts";
import { CustomFieldsModal } from "./custom-fields-modal.tsx";
import { ImportModal } from "./import-modal.tsx";
import { ImportProgress } from "./import-progress.tsx";
import { SavedViewsMenu } from "./saved-views-menu.tsx";
import { useOpenedByUrl } from "./use-opened-by-url.ts";
import { PagedRecords } from "./paged-records.tsx";
import {
  ActionsHeader,
  DetailsCell,
  NameCell,
  ReachCell,
  RecordCard,
  RecordCardList,
  useIsPhone,
} from "./record-cells.tsx";
import { keepVisible } from "./record-selection.ts";
import { CONTACT_RESTORED } from "./undo-notification.tsx";
import { StatusBadge } from "./status-badge.tsx";
import {
  type ContactFilters,
  crmApi,
  toQueryString,
  useContactSummary,
  useContacts,
  useCrmRefresh,
  useCustomFields,
} from "./use-crm.ts";
import { OwnerFilterSelect } from "./owner-select.tsx";
import { ExportCsvButton } from "./export-csv-button.tsx";

/** Spec §2.10 Contatos on real data: cards, search, statuses, Novo Contato, Filtros, Ver Detalhes. */
export default function ContactsPage() {
  const screen = useCurrentScreen();
  return (
    <SectionAccess screen={screen}>
      <ContactsScreen />
    </SectionAccess>
  );
}

/** Pessoas | Empresas, kept in the URL (?aba=empresas) so a reload or a link keeps the tab. */
function ContactsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("aba") === "empresas" ? "empresas" : "pessoas";
  const switcher = (
    <SegmentedControl
      aria-label="Mostrar pessoas ou empresas"
      value={tab}
      onChange={(value) => setParams(value === "empresas" ? { aba: "empresas" } : {}, { replace: true })}
      data={[
        { value: "pessoas", label: "Pessoas" },
        { value: "empresas", label: "Empresas" },
      ]}
      mb="md"
    />
  );
  return tab === "empresas" ? <CompaniesView switcher={switcher} /> : <PeopleView switcher={switcher} />;
}

function PeopleView({ switcher }: { switcher: ReactNode }) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 250);
  const [filters, setFilters] = useState<ContactFilters>({ sort: "created_desc" });
  const [deleted, setDeleted] = useState(false);
  // ?novo=1 (a quick action) opens Novo Contato.
  const [formOpened, form] = useOpenedByUrl("novo");
  const [importOpened, importModal] = useDisclosure(false);
  const [fieldsOpened, fieldsModal] = useDisclosure(false);
  const canCreate = usePermission("crm_contatos", "create").isAllowed;
  const canManageFields = usePermission("configuracoes", "edit").isAllowed;
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  const query: ContactFilters = {
    ...filters,
    q: q.trim().length >= 2 ? q.trim() : undefined,
    deleted: deleted ? "1" : undefined,
  };
  const { deleted: _deleted, ...viewFilters } = query;
  // The export is what the screen lists: its filters, search, order and the deleted toggle.
  const exportPath = `/api/crm/contacts/export${toQueryString(query)}`;
  const pickView = (saved: ContactFilters) => {
    const { q: savedSearch, ...rest } = saved;
    setSearch(savedSearch ?? "");
    setFilters({ sort: "created_desc", ...rest });
  };
  return (
    <>
      <SectionHeader
        title="Contatos"
        description="Base de contatos, leads e clientes"
        actions={
          <>
            <SavedViewsMenu filters={viewFilters} onPick={pickView} />
            <FiltersButton filters={filters} onChange={setFilters} />
            <ExportCsvButton path={exportPath} />
            {canCreate && (
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={importModal.open}>
                Importar CSV
              </Button>
            )}
            {canManageFields && (
              <Button variant="default" leftSection={<IconForms size={16} />} onClick={fieldsModal.open}>
                Campos personalizados
              </Button>
            )}
            {canCreate && (
              <Button leftSection={<IconPlus size={16} />} onClick={form.open}>
                Novo Contato
              </Button>
            )}
          </>
        }
      />
      {switcher}
      <ImportProgress />
      <SummaryCards />
      <Group my="md" gap="sm" align="flex-end">
        <TextInput
          flex={1}
          miw={220}
          aria-label="Buscar contatos"
          placeholder="Buscar por nome, e-mail, telefone ou CNPJ..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {canDelete && (
          <Checkbox
            mb={8}
            label="Excluídos (desfazer em até 30 dias)"
            checked={deleted}
            onChange={(e) => setDeleted(e.currentTarget.checked)}
          />
        )}
      </Group>
      {/* A new search, filter, sort, view or list starts with nothing ticked. */}
      <ContactTable key={JSON.stringify(query)} query={query} />
      {formOpened && <ContactFormModal opened={formOpened} onClose={form.close} />}
      <ImportModal opened={importOpened} onClose={importModal.close} />
      {fieldsOpened && <CustomFieldsModal opened={fieldsOpened} onClose={fieldsModal.close} />}
    </>
  );
}

function SummaryCards() {
  const summary = useContactSummary();
  const cards = [
    { label: "Total", value: summary.data?.total },
    { label: "Leads", value: summary.data?.leads },
    { label: "Clientes", value: summary.data?.clientes },
    { label: "Este Mês", value: summary.data?.thisMonth },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="md" data-testid={`summary-${card.label}`}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700}>
            {summary.isPending ? "…" : (card.value ?? "—")}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function FiltersButton({ filters, onChange }: { filters: ContactFilters; onChange: (f: ContactFilters) => void }) {
  const fields = useCustomFields("contact");
  const field = fields.data?.find((f) => f.id === filters.customField);
  return (
    <Popover width={260} position="bottom-end" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconFilter size={16} />}>
          Filtros
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Select
            label="Status"
            clearable
            data={STATUS_OPTIONS}
            value={filters.status ?? null}
            onChange={(v) => onChange({ ...filters, status: v ?? undefined })}
            comboboxProps={{ withinPortal: false }}
          />
          <OwnerFilterSelect
            type="contact"
            value={filters.ownerId ?? null}
            onChange={(v) => onChange({ ...filters, ownerId: v ?? undefined })}
            comboboxProps={{ withinPortal: false }}
          />
          <Group grow gap="xs">
            <TextInput
              label="Criado de"
              type="date"
              value={filters.createdFrom ?? ""}
              onChange={(e) => onChange({ ...filters, createdFrom: e.currentTarget.value || undefined })}
            />
            <TextInput
              label="até"
              type="date"
              value={filters.createdTo ?? ""}
              onChange={(e) => onChange({ ...filters, createdTo: e.currentTarget.value || undefined })}
            />
          </Group>
          <TextInput
            label="Origem"
            value={filters.source ?? ""}
            onChange={(e) => onChange({ ...filters, source: e.currentTarget.value || undefined })}
          />
          <TextInput
            label="Tag"
            value={filters.tag ?? ""}
            onChange={(e) => onChange({ ...filters, tag: e.currentTarget.value || undefined })}
          />
          {!!fields.data?.length && (
            <Select
              label="Campo personalizado"
              clearable
              data={fields.data.map((f) => ({ value: f.id, label: f.label }))}
              value={filters.customField ?? null}
              onChange={(v) => onChange({ ...filters, customField: v ?? undefined, customValue: undefined })}
              comboboxProps={{ withinPortal: false }}
            />
          )}
          {field &&
            (field.fieldType === "select" ? (
              <Select
                label={`Valor de ${field.label}`}
                clearable
                data={field.options}
                value={filters.customValue ?? null}
                onChange={(v) => onChange({ ...filters, customValue: v ?? undefined })}
                comboboxProps={{ withinPortal: false }}
              />
            ) : (
              <TextInput
                label={`Valor de ${field.label}`}
                type={field.fieldType === "date" ? "date" : "text"}
                value={filters.customValue ?? ""}
                // Sent as typed: the server reads a number the Brazilian way ("1.500,50").
                onChange={(e) => onChange({ ...filters, customValue: e.currentTarget.value || undefined })}
              />
            ))}
          <Select
            label="Ordenar por"
            data={CONTACT_SORT_OPTIONS}
            allowDeselect={false}
            value={filters.sort ?? "created_desc"}
            onChange={(v) => onChange({ ...filters, sort: v ?? "created_desc" })}
            comboboxProps={{ withinPortal: false }}
          />
          <Button variant="subtle" size="xs" onClick={() => onChange({ sort: "created_desc" })}>
            Limpar filtros
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function ContactTable({ query }: { query: ContactFilters }) {
  const contacts = useContacts(query);
  const [ticked, setTicked] = useState<string[]>([]);
  const isPhone = useIsPhone();
  const isDeletedList = query.deleted === "1";
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  const canEdit = usePermission("crm_contatos", "edit").isAllowed;
  const refresh = useCrmRefresh();
  const restore = (c: { id: string; name: string }) =>
    crmApi.restoreContact(c.id).then(
      () => {
        refresh();
        notifications.show({ color: "green", message: CONTACT_RESTORED });
      },
      (e: Error) => notifications.show({ color: "red", message: e.message }),
    );
  return (
    <PagedRecords
      list={contacts}
      rowsOf={(page) => page.contacts}
      loadingLabel="Carregando contatos"
      emptyText={isDeletedList ? "Nenhum contato excluído nos últimos 30 dias." : "Nenhum contato encontrado."}
    >
      {(rows) => {
        // Only ticked rows still on screen count: a search, filter or page change never acts on hidden ones.
        const selected = keepVisible(
          ticked,
          rows.map((r) => r.id),
        );
        const canSelect = canEdit && !isDeletedList;
        const tick = (id: string, on: boolean) =>
          setTicked(on ? [...selected, id] : selected.filter((other) => other !== id));
        const selectBox = (c: { id: string; name: string }) => (
          <Checkbox
            aria-label={`Selecionar ${c.name}`}
            checked={selected.includes(c.id)}
            onChange={(e) => tick(c.id, e.currentTarget.checked)}
          />
        );
        const restoreButton = (c: { id: string; name: string }) =>
          isDeletedList && canDelete ? (
            <Button size="xs" variant="light" onClick={() => void restore(c)} aria-label={`Restaurar ${c.name}`}>
              Restaurar
            </Button>
          ) : null;
        return (
          <>
            {canSelect && <ContactBulkBar ids={selected} onDone={() => setTicked([])} />}
            {isPhone ? (
              <RecordCardList label="Contatos">
                {rows.map((c) => (
                  <RecordCard
                    key={c.id}
                    to={`/app/crm/contatos/${c.id}`}
                    name={c.name}
                    detail={[c.position, c.companyName].filter(Boolean).join(" · ") || null}
                    email={c.email}
                    phone={c.phone}
                    select={canSelect ? selectBox(c) : undefined}
                    badge={<StatusBadge status={c.status} />}
                    actions={restoreButton(c)}
                  />
                ))}
              </RecordCardList>
            ) : (
              <Card withBorder padding={0}>
                <Table.ScrollContainer minWidth={760}>
                  <Table highlightOnHover verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        {canSelect && (
                          <Table.Th w={40}>
                            <Checkbox
                              aria-label="Selecionar todos"
                              checked={selected.length === rows.length}
                              indeterminate={selected.length > 0 && selected.length < rows.length}
                              onChange={(e) => setTicked(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
                            />
                          </Table.Th>
                        )}
                        <Table.Th>Nome</Table.Th>
                        <Table.Th>Contato</Table.Th>
                        <Table.Th>Empresa</Table.Th>
                        <Table.Th w={110}>Status</Table.Th>
                        <Table.Th>Responsável</Table.Th>
                        <ActionsHeader />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((c) => (
                        <Table.Tr key={c.id}>
                          {canSelect && <Table.Td>{selectBox(c)}</Table.Td>}
                          <NameCell name={c.name} detail={c.position} to={`/app/crm/contatos/${c.id}`} />
                          <ReachCell email={c.email} phone={c.phone} />
                          <Table.Td>{c.companyName ?? "—"}</Table.Td>
                          <Table.Td style={{ whiteSpace: "nowrap" }}>
                            <StatusBadge status={c.status} />
                          </Table.Td>
                          <Table.Td>{c.ownerName ?? "—"}</Table.Td>
                          <DetailsCell to={`/app/crm/contatos/${c.id}`} name={c.name}>
                            {restoreButton(c)}
                          </DetailsCell>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Card>
            )}
          </>
        );
      }}
    </PagedRecords>
  );
}
