import type { Plugin } from "vite";
import type { GetModuleInfo } from "rollup";
import { EVERY_PAGE_LATER, FIRST_SCREENS, isWebSource } from "./first-screens.ts";
import { type ModuleLinks, modulesUsedBy, readModuleLinks } from "./module-links.ts";

/**
 * Left to itself Rollup splits a first screen into ~30 (/auth) to ~45 (/dashboard) chunks, one per
 * set of screens sharing a Mantine component. Over HTTP/1.1 a phone opens six connections and pays
 * a round trip per file, so the code of the first screens is grouped instead: what both /auth and
 * the app's first screen use, then what only one of them uses. What the entry uses stays in the
 * entry; other screens keep Rollup's split (and load a group when they share its code).
 */
export function firstScreenChunks(): Plugin {
  const linksById = new Map<string, Promise<ModuleLinks>>();
  const links = new Map<string, ModuleLinks>();
  let groupOf: Map<string, string> | null = null;
  return {
    name: "nexo-first-screen-chunks",
    apply: "build",
    moduleParsed(info) {
      if (!info.ast) return;
      linksById.set(info.id, readModuleLinks(this, info.id, info.ast.body as never));
    },
    async buildEnd() {
      for (const [id, pending] of linksById) links.set(id, await pending);
    },
    outputOptions(options) {
      return {
        ...options,
        // Only the modules named here move; their other imports stay where Rollup puts them.
        onlyExplicitManualChunks: true,
        manualChunks(id, { getModuleIds, getModuleInfo }) {
          groupOf ??= groupFirstScreens([...getModuleIds()], getModuleInfo, (moduleId) => links.get(moduleId));
          return groupOf.get(id);
        },
      };
    },
  };
}

function groupFirstScreens(
  moduleIds: string[],
  getModuleInfo: GetModuleInfo,
  linksOf: (id: string) => ModuleLinks | undefined,
): Map<string, string> {
  const hasSideEffects = (id: string) => getModuleInfo(id)?.moduleSideEffects !== false;
  const inEntry = modulesUsedBy(
    moduleIds.filter((id) => getModuleInfo(id)?.isEntry),
    linksOf,
    hasSideEffects,
  );
  const usedBy = (sources: string[]) =>
    modulesUsedBy(
      sources.map((source) => {
        const root = moduleIds.find((id) => isWebSource(id, source));
        if (!root) throw new Error(`no module is src/web/${source}`);
        return root;
      }),
      linksOf,
      hasSideEffects,
    );
  const screens = Object.entries(FIRST_SCREENS).map(([pathname, sources]) => ({
    name: `screen${pathname.replaceAll("/", "-")}`,
    modules: usedBy(sources),
  }));
  // A module every page loads later goes with the shared group: in one screen's group it would
  // bring that whole group to every other page (the dashboard's to /auth, for the toasts).
  const everyPageLater = usedBy(EVERY_PAGE_LATER);
  const groups = new Map<string, string>([...inEntry].map((id) => [id, "index"]));
  for (const { name, modules } of screens) {
    for (const id of modules) {
      if (inEntry.has(id) || !getModuleInfo(id)?.isIncluded) continue;
      const sharedWithAnother =
        everyPageLater.has(id) || screens.some((other) => other.name !== name && other.modules.has(id));
      groups.set(id, sharedWithAnother ? "screen-shared" : name);
    }
  }
  return groups;
}
