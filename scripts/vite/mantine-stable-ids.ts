import type { Plugin } from "vite";

/** @mantine/hooks' useId: React's id, then a random one set in a layout effect after mounting. */
const MANTINE_USE_ID = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;

/**
 * Mantine's useId swaps React's id for a random one in a layout effect, so every input, tab,
 * tooltip and menu renders twice on mount, the second time synchronously right after the first
 * commit (~35 ms of one task on the dashboard of a 4× slowed phone, and every prerendered id
 * changed after hydration). React's useId is already unique in the app's single root and the
 * same in the prerendered HTML, so this keeps it.
 */
export function mantineStableIds(): Plugin {
  let replaced = false;
  return {
    name: "nexo-mantine-stable-ids",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      replaced = true;
      return [
        'import { useReactId } from "./use-react-id.mjs";',
        "export function useId(staticId) {",
        "  const reactId = useReactId();",
        '  return typeof staticId === "string" ? staticId : reactId;',
        "}",
      ].join("\n");
    },
    buildEnd() {
      if (replaced) return;
      this.error(
        "@mantine/hooks moved its useId: the build no longer keeps React's ids (scripts/vite/mantine-stable-ids.ts)",
      );
    },
  };
}
