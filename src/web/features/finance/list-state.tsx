import { Alert, Center, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";

type Props = {
  query: { isLoading: boolean; isError: boolean };
  isEmpty: boolean;
  /** What is loading, for screen readers: "Carregando faturas". */
  loadingLabel: string;
  errorText: string;
  emptyText: string;
  children: ReactNode;
};

/** A list's loading, failed and empty states, or the list itself. */
export function ListState({ query, isEmpty, loadingLabel, errorText, emptyText, children }: Props) {
  if (query.isLoading)
    return (
      <Center p="xl">
        <Loader size="sm" role="status" aria-label={loadingLabel} />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" m="md">
        {errorText}
      </Alert>
    );
  if (isEmpty)
    return (
      <Text c="dimmed" p="xl" ta="center">
        {emptyText}
      </Text>
    );
  return <>{children}</>;
}
