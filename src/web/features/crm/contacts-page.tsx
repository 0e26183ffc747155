import {
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Menu,
  Popover,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconFilter, IconPlus, IconSearch, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatPhone } from "#domain/crm/phone.ts";
import { CONTACT_STATUSES } from "#domain/schemas/crm.ts";
import { SectionAccess } from "#web/features/sections/section-access.tsx";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { usePermission } from "#web/lib/permissions.ts";
import { useCurrentScreen } from "#web/shell/current-screen.ts";
import { ContactFormModal } from "./contact-form-modal.tsx";
import { ImportModal } from "./import-modal.tsx";
import { ImportProgress } from "./import-progress.tsx";
import { StatusBadge } from "./status-badge.tsx";
import {
  type ContactFilters,
  crmApi,
  toQueryString,
  useContactSummary,
  useContacts,
  useCrmMutation,
} from "./use-crm.ts";

const SORTS = [
  { value: "created_desc", label: "Mais recentes" },
  { value: "created_asc", label: "Mais antigos" },
  { value: "name_asc", label: "Nome (A–Z)" },
  { value: "name_desc", label: "Nome (Z–A)" },
];

/** Spec §2.10 Contatos on real data: cards, search, statuses, Novo Contato, Filtros, Ver Detalhes. */
export default function ContactsPage() {
  const screen = useCurrentScreen();
  return (
    <SectionAccess screen={screen}>
      <ContactsScreen />
    </SectionAccess>
  );
}

function ContactsScreen() {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 250);
  const [filters, setFilters] = useState<ContactFilters>({ sort: "created_desc" });
  const [formOpened, form] = useDisclosure(false);
  const [importOpened, importModal] = useDisclosure(false);
  const canCreate = usePermission("crm_contatos", "create").isAllowed;
  const query = { ...filters, q: q.trim().length >= 2 ? q.trim() : undefined };
  const exportHref = `/api/crm/contacts/export${toQueryString(query)}`;
  return (
    <>
      <SectionHeader
        title="Contatos"
        description="Base de contatos, leads e clientes"
        actions={
          <>
            <FiltersButton filters={filters} onChange={setFilters} />
            <Button component="a" href={exportHref} variant="default" leftSection={<IconDownload size={16} />}>
              Exportar CSV
            </Button>
            {canCreate && (
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={importModal.open}>
                Importar CSV
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
      <ImportProgress />
      <SummaryCards />
      <TextInput
        my="md"
        aria-label="Buscar contatos"
        placeholder="Buscar por nome, e-mail, telefone ou CNPJ..."
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ContactTable query={query} />
      <ContactFormModal opened={formOpened} onClose={form.close} />
      <ImportModal opened={importOpened} onClose={importModal.close} />
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
            data={[...CONTACT_STATUSES]}
            value={filters.status ?? null}
            onChange={(v) => onChange({ ...filters, status: v ?? undefined })}
            comboboxProps={{ withinPortal: false }}
          />
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
          <Select
            label="Ordenar por"
            data={SORTS}
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
  const [selected, setSelected] = useState<string[]>([]);
  const bulk = useCrmMutation(crmApi.bulk);
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  if (contacts.isPending)
    return (
      <Center p="xl" role="status" aria-label="Carregando contatos">
        <Loader />
      </Center>
    );
  if (contacts.isError) return <Alert color="red">{contacts.error.message}</Alert>;
  const rows = contacts.data.pages.flatMap((p) => p.contacts);
  if (!rows.length)
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center">
          Nenhum contato encontrado.
        </Text>
      </Card>
    );
  const runBulk = (action: Record<string, unknown>) =>
    bulk.mutate(
      { ids: selected, action },
      {
        onSuccess: (r) => {
          notifications.show({ color: "green", message: `${r.updated} contato(s) atualizado(s).` });
          setSelected([]);
        },
        onError: (e) => notifications.show({ color: "red", message: e.message }),
      },
    );
  return (
    <Stack gap="sm">
      {selected.length > 0 && (
        <Group>
          <Text size="sm">{selected.length} selecionado(s)</Text>
          <Menu>
            <Menu.Target>
              <Button size="xs" variant="light">
                Alterar status
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {CONTACT_STATUSES.map((s) => (
                <Menu.Item key={s} onClick={() => runBulk({ kind: "set_status", status: s })}>
                  {s}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              const tag = window.prompt("Tag a adicionar");
              if (tag?.trim()) runBulk({ kind: "add_tag", tag: tag.trim() });
            }}
          >
            Adicionar tag
          </Button>
          {canDelete && (
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() =>
                window.confirm("Excluir os contatos selecionados? Você pode desfazer em até 30 dias.") &&
                runBulk({ kind: "delete" })
              }
            >
              Excluir
            </Button>
          )}
        </Group>
      )}
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Selecionar todos"
                    checked={selected.length === rows.length}
                    indeterminate={selected.length > 0 && selected.length < rows.length}
                    onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
                  />
                </Table.Th>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Contato</Table.Th>
                <Table.Th>Empresa</Table.Th>
                <Table.Th miw={90}>Status</Table.Th>
                <Table.Th>Responsável</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Selecionar ${c.name}`}
                      checked={selected.includes(c.id)}
                      onChange={(e) =>
                        setSelected((s) => (e.currentTarget.checked ? [...s, c.id] : s.filter((id) => id !== c.id)))
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.position ?? ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{c.email ?? "—"}</Text>
                    <Text size="xs" c="dimmed">
                      {formatPhone(c.phone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.companyName ?? "—"}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td>{c.ownerName ?? "—"}</Table.Td>
                  <Table.Td>
                    <Button component={Link} to={`/app/crm/contatos/${c.id}`} size="xs" variant="subtle">
                      Ver Detalhes
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {contacts.hasNextPage && (
        <Button
          variant="default"
          onClick={() => contacts.fetchNextPage()}
          loading={contacts.isFetchingNextPage}
          w="fit-content"
          mx="auto"
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}
