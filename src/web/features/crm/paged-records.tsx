import { Alert, Button, Card, Center, Loader, Stack, Text } from "@mantine/core";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * A keyset-paged CRM list's frame, the same for contacts and companies: the loader while the first
 * page comes, the error, the empty text, then the rows and "Carregar mais" while pages remain.
 */
export function PagedRecords<TPage, TRow>({
  list,
  rowsOf,
  loadingLabel,
  emptyText,
  children,
}: {
  list: UseInfiniteQueryResult<InfiniteData<TPage>, Error>;
  rowsOf: (page: TPage) => TRow[];
  loadingLabel: string;
  emptyText: string;
  children: (rows: TRow[]) => ReactNode;
}) {
  if (list.isPending)
    return (
      <Center p="xl" role="status" aria-label={loadingLabel}>
        <Loader />
      </Center>
    );
  if (list.isError) return <Alert color="red">{list.error.message}</Alert>;
  const rows = list.data.pages.flatMap(rowsOf);
  if (!rows.length)
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Card>
    );
  return (
    <Stack gap="sm">
      {children(rows)}
      {list.hasNextPage && (
        <Button
          variant="default"
          onClick={() => list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          w="fit-content"
          mx="auto"
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}
