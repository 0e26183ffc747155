import { Button, Card, Checkbox, Group, Select, Table, TextInput } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { formatDocument } from "#domain/br-documents.ts";
import { SectionHeader } from "#web/features/sections/section-header.tsx";
import { usePermission } from "#web/lib/permissions.ts";
import { CompanyFormModal } from "./company-form-modal.tsx";
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
import { COMPANY_RESTORED } from "./undo-notification.tsx";
import { CONTACT_SORT_OPTIONS } from "./contact-sorts.ts";
import { crmApi, toQueryString, useCompanyList, useCrmRefresh } from "./use-crm.ts";
import { ExportCsvButton } from "./export-csv-button.tsx";

/** Contatos › Empresas: search, sort and keyset pages, Nova Empresa, Ver Detalhes. */
export function CompaniesView({ switcher }: { switcher: ReactNode }) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 250);
  const [sort, setSort] = useState("created_desc");
  const [deleted, setDeleted] = useState(false);
  const [formOpened, form] = useDisclosure(false);
  const canCreate = usePermission("crm_contatos", "create").isAllowed;
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  const query = { sort, q: q.trim().length >= 2 ? q.trim() : undefined, deleted: deleted ? ("1" as const) : undefined };
  return (
    <>
      <SectionHeader
        title="Contatos"
        description="Base de contatos, leads e clientes"
        actions={
          <>
            <ExportCsvButton path={`/api/crm/companies/export${toQueryString(query)}`} />
            {canCreate && (
              <Button leftSection={<IconPlus size={16} />} onClick={form.open}>
                Nova Empresa
              </Button>
            )}
          </>
        }
      />
      {switcher}
      <Group mb="md" gap="sm" align="flex-end">
        <TextInput
          flex={1}
          miw={220}
          aria-label="Buscar empresas"
          placeholder="Buscar por nome, CNPJ, e-mail ou telefone..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          aria-label="Ordenar empresas por"
          w={180}
          data={CONTACT_SORT_OPTIONS}
          allowDeselect={false}
          value={sort}
          onChange={(v) => setSort(v ?? "created_desc")}
        />
        {canDelete && (
          <Checkbox
            mb={8}
            label="Excluídas (desfazer em até 30 dias)"
            checked={deleted}
            onChange={(e) => setDeleted(e.currentTarget.checked)}
          />
        )}
      </Group>
      <CompanyTable query={query} />
      {formOpened && <CompanyFormModal opened={formOpened} onClose={form.close} />}
    </>
  );
}

function CompanyTable({ query }: { query: { q?: string; sort: string; deleted?: "1" } }) {
  const companies = useCompanyList(query);
  const isPhone = useIsPhone();
  const canDelete = usePermission("crm_contatos", "delete").isAllowed;
  const refresh = useCrmRefresh();
  const restoreButton = (c: { id: string; name: string }) =>
    query.deleted && canDelete ? (
      <Button
        size="xs"
        variant="light"
        aria-label={`Restaurar ${c.name}`}
        onClick={() =>
          crmApi.restoreCompany(c.id).then(
            () => {
              refresh();
              notifications.show({ color: "green", message: COMPANY_RESTORED });
            },
            (e: Error) => notifications.show({ color: "red", message: e.message }),
          )
        }
      >
        Restaurar
      </Button>
    ) : null;
  return (
    <PagedRecords
      list={companies}
      rowsOf={(page) => page.companies}
      loadingLabel="Carregando empresas"
      emptyText={
        query.deleted
          ? "Nenhuma empresa excluída nos últimos 30 dias."
          : query.q
            ? "Nenhuma empresa encontrada."
            : "Nenhuma empresa cadastrada ainda."
      }
    >
      {(rows) =>
        isPhone ? (
          <RecordCardList label="Empresas">
            {rows.map((c) => (
              <RecordCard
                key={c.id}
                to={`/app/crm/empresas/${c.id}`}
                name={c.name}
                detail={[c.document ? formatDocument(c.document) : null, [c.city, c.state].filter(Boolean).join(" / ")]
                  .filter(Boolean)
                  .join(" · ")}
                email={c.email}
                phone={c.phone}
                actions={restoreButton(c)}
              />
            ))}
          </RecordCardList>
        ) : (
          <Card withBorder padding={0}>
            <Table.ScrollContainer minWidth={720}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>CNPJ</Table.Th>
                    <Table.Th>Contato</Table.Th>
                    <Table.Th>Cidade/UF</Table.Th>
                    <Table.Th>Tags</Table.Th>
                    <ActionsHeader />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.id}>
                      <NameCell name={c.name} detail={c.legalName} to={`/app/crm/empresas/${c.id}`} />
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {c.document ? formatDocument(c.document) : "—"}
                      </Table.Td>
                      <ReachCell email={c.email} phone={c.phone} />
                      <Table.Td>{[c.city, c.state].filter(Boolean).join(" / ") || "—"}</Table.Td>
                      <Table.Td>{c.tags.join(", ") || "—"}</Table.Td>
                      <DetailsCell to={`/app/crm/empresas/${c.id}`} name={c.name}>
                        {restoreButton(c)}
                      </DetailsCell>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )
      }
    </PagedRecords>
  );
}
