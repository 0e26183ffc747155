import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchResult } from "#domain/schemas/search.ts";
import { api } from "#web/lib/api.ts";

const MIN_LENGTH = 2;
const DEBOUNCE_MS = 200;
/** The palette's share: up to 4 hits of each record type, 20 in all (one type cannot push the others out). */
const LIMIT = 20;
const PER_TYPE = 4;

/** Records matching the typed fragment (GET /api/search), once it has 2 characters. */
export function useRecordSearch(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  return useQuery({
    queryKey: ["search", debounced],
    queryFn: ({ signal }) =>
      api<SearchResult>(`/api/search?q=${encodeURIComponent(debounced)}&limit=${LIMIT}&perType=${PER_TYPE}`, {
        signal,
      }),
    enabled: debounced.length >= MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
