import { Alert, Anchor, Badge, Card, Loader, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatCents } from "#domain/crm/money.ts";
import type { Board, Deal } from "#domain/schemas/crm.ts";
import { daysSince } from "./deal-card.tsx";
import { useDealList } from "./use-crm.ts";
import { DEAL_PARAM } from "./use-deal-in-url.ts";

/**
 * Lista: the filtered deals in a table. The title is a link to the deal (keyboard, new tab, copy
 * link); a click anywhere else on the row opens it too.
 */
export function DealList({
  query,
  board,
  onOpen,
  onFollowLink,
}: {
  query: Record<string, string | undefined>;
  board: Board;
  onOpen: (d: Deal) => void;
  /** Called as the title link is followed, before the URL changes. */
  onFollowLink: (d: Deal) => void;
}) {
  const list = useDealList(query);
  const stageName = (id: string) => board.pipeline.stages.find((s) => s.id === id)?.name ?? "";
  if (list.isPending) return <Loader role="status" aria-label="Carregando oportunidades" />;
  if (list.isError) return <Alert color="red">{list.error.message}</Alert>;
  if (!list.data.deals.length) return <Text c="dimmed">Nenhuma oportunidade encontrada.</Text>;
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={700}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Título</Table.Th>
              <Table.Th>Etapa</Table.Th>
              <Table.Th>Valor</Table.Th>
              <Table.Th>Contato</Table.Th>
              <Table.Th>Responsável</Table.Th>
              <Table.Th>Dias na etapa</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.deals.map((d) => (
              <Table.Tr key={d.id} onClick={() => onOpen(d)} style={{ cursor: "pointer" }}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`?${DEAL_PARAM}=${d.id}`}
                    replace
                    fw={500}
                    onClick={(e) => {
                      e.stopPropagation();
                      onFollowLink(d);
                    }}
                  >
                    {d.title}
                  </Anchor>{" "}
                  {d.outcome !== "open" && (
                    <Badge size="xs" color={d.outcome === "won" ? "green" : "red"}>
                      {d.outcome === "won" ? "Ganha" : "Perdida"}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{stageName(d.stageId)}</Table.Td>
                <Table.Td>{formatCents(d.valueCents)}</Table.Td>
                <Table.Td>{d.contactName ?? "—"}</Table.Td>
                <Table.Td>{d.ownerName ?? "—"}</Table.Td>
                <Table.Td>{daysSince(d.stageEnteredAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
