import "@mantine/spotlight/styles.css";
import { Spotlight, type SpotlightActionGroupData, spotlight } from "@mantine/spotlight";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import type { Screen } from "./nav-access.ts";

/**
 * The Ctrl+K palette (lazy chunk): every screen the user may open, grouped like the sidebar.
 * `openSignal` changes each time the header asks for it, so the first request also opens it.
 */
export default function CommandPalette({ screens, openSignal }: { screens: Screen[]; openSignal: number }) {
  const navigate = useNavigate();
  const actions = useMemo<SpotlightActionGroupData[]>(() => {
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
      nothingFound="Nenhuma tela encontrada"
      highlightQuery
      limit={50}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} />,
        placeholder: "Buscar telas...",
        "aria-label": "Buscar telas",
      }}
    />
  );
}
