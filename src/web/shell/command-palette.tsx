import "@mantine/spotlight/styles.css";
import { Spotlight, type SpotlightActionGroupData, spotlight } from "@mantine/spotlight";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { RecordType } from "#domain/records.ts";
import { RECORD_TYPE_PLURAL_LABELS } from "#domain/timeline-kinds.ts";
import { useRecordSearch } from "#web/features/search/use-record-search.ts";
import type { Screen } from "./nav-access.ts";

/** A record type's group heading ("Oportunidades"); an unknown type reads "Registros". */
const groupOf = (recordType: string) =>
  Object.hasOwn(RECORD_TYPE_PLURAL_LABELS, recordType)
    ? RECORD_TYPE_PLURAL_LABELS[recordType as RecordType]
    : "Registros";

/**
 * The Ctrl+K palette (lazy chunk): every screen the user may open, grouped like the sidebar,
 * and the records the user may view that match what is typed (GET /api/search).
 * `openSignal` changes each time the header asks for it, so the first request also opens it.
 */
export default function CommandPalette({ screens, openSignal }: { screens: Screen[]; openSignal: number }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const records = useRecordSearch(query);
  const hits = query.trim().length >= 2 ? (records.data?.hits ?? []) : [];
  const screenActions = useMemo<SpotlightActionGroupData[]>(() => {
    const groups = new Map<string, SpotlightActionGroupData>();
    for (const screen of screens) {
      const group = groups.get(screen.group) ?? { group: screen.group, actions: [] };
      group.actions.push({
        id: screen.path,
        label: screen.label,
        description: screen.description,
        onClick: () => navigate(screen.path),
      });
      groups.set(screen.group, group);
    }
    return [...groups.values()];
  }, [screens, navigate]);
  const actions = useMemo<SpotlightActionGroupData[]>(() => {
    if (hits.length === 0) return screenActions;
    // One group per record type (the server's fair share of each), the group of the best hit first.
    const recordGroups = new Map<string, SpotlightActionGroupData>();
    for (const hit of hits) {
      const group = recordGroups.get(hit.recordType) ?? { group: groupOf(hit.recordType), actions: [] };
      group.actions.push({
        id: `${hit.recordType}:${hit.id}`,
        label: hit.title,
        description: hit.subtitle ?? undefined,
        // Already matched by the server (accents, fragments): the palette's own filter keeps them.
        keywords: [query],
        onClick: () => navigate(hit.href),
      });
      recordGroups.set(hit.recordType, group);
    }
    return [...recordGroups.values(), ...screenActions];
  }, [hits, screenActions, navigate, query]);

  useEffect(() => {
    if (openSignal > 0) spotlight.open();
  }, [openSignal]);

  return (
    <Spotlight
      // Names the dialog (its title), and lets Tab reach the list's scroll region: the actions themselves
      // are reached with the arrow keys from the search field, so the region has no focusable child.
      title="Buscar telas"
      scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Telas encontradas" } }}
      actions={actions}
      shortcut={null}
      query={query}
      onQueryChange={setQuery}
      nothingFound={records.isFetching ? "Buscando..." : "Nenhum resultado encontrado"}
      highlightQuery
      limit={50}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} />,
        placeholder: "Buscar telas e registros...",
        "aria-label": "Buscar telas e registros",
      }}
    />
  );
}
