import type { PluginContext } from "rollup";

/** Names a module takes from another: "all" for a namespace (or an entry's every export). */
export type Names = ReadonlySet<string> | "all";

/** How one module uses the others it names: what it imports for its own code, what it passes on. */
export type ModuleLinks = {
  imports: { target: string; names: Names }[];
  /** `export { a as b } from "x"`: exported name b, from x's a. */
  reexports: Map<string, { target: string; name: string }>;
  /** `export * from "x"`. */
  starReexports: string[];
};

/** The few ESTree shapes read here (Rollup's AST of the module after every transform). */
type Identifier = { type: "Identifier"; name: string } | { type: "Literal"; value: string };
type Specifier = {
  type: "ImportSpecifier" | "ImportDefaultSpecifier" | "ImportNamespaceSpecifier" | "ExportSpecifier";
  imported?: Identifier;
  local: Identifier;
  exported?: Identifier;
};
type Statement = {
  type: string;
  source?: { value: string } | null;
  specifiers?: Specifier[];
  exported?: Identifier | null;
};

const nameOf = (node: Identifier) => (node.type === "Identifier" ? node.name : node.value);

function importedNames(specifiers: Specifier[]): Names {
  if (specifiers.some((s) => s.type === "ImportNamespaceSpecifier")) return "all";
  return new Set(specifiers.map((s) => (s.type === "ImportDefaultSpecifier" ? "default" : nameOf(s.imported!))));
}

/**
 * The static import and re-export statements of a parsed module, with each source resolved.
 * Rollup's `importedIds` list every re-export of a barrel such as `@mantine/core` (the whole kit);
 * keeping the names lets a walk follow only the components a screen really imports.
 */
export async function readModuleLinks(
  context: PluginContext,
  id: string,
  body: readonly Statement[],
): Promise<ModuleLinks> {
  const links: ModuleLinks = { imports: [], reexports: new Map(), starReexports: [] };
  for (const statement of body) {
    const source = statement.source?.value;
    if (source === undefined) continue;
    const resolved = await context.resolve(source, id);
    if (!resolved || resolved.external) continue;
    const target = resolved.id;
    if (statement.type === "ImportDeclaration") {
      links.imports.push({ target, names: importedNames(statement.specifiers ?? []) });
    } else if (statement.type === "ExportNamedDeclaration") {
      for (const specifier of statement.specifiers ?? []) {
        links.reexports.set(nameOf(specifier.exported!), { target, name: nameOf(specifier.local) });
      }
    } else if (statement.type === "ExportAllDeclaration") {
      if (statement.exported) links.reexports.set(nameOf(statement.exported), { target, name: "*" });
      else links.starReexports.push(target);
    }
  }
  return links;
}

/**
 * The modules that load when `roots` load, following each import for the names it takes: through
 * a barrel, only the modules that export those names; a bare `import "x"` only when x has side
 * effects (Mantine's build keeps such imports of its pure modules, and Rollup drops them).
 * Every root is taken whole.
 */
export function modulesUsedBy(
  roots: string[],
  linksOf: (id: string) => ModuleLinks | undefined,
  hasSideEffects: (id: string) => boolean,
): Set<string> {
  const used = new Set<string>();
  const namesAsked = new Map<string, Set<string> | "all">();
  const pending: [string, Names][] = roots.map((root) => [root, "all"]);
  while (pending.length) {
    const [id, names] = pending.pop()!;
    const asked = namesAsked.get(id);
    if (asked === "all") continue;
    const newNames = names === "all" ? "all" : [...names].filter((name) => !asked?.has(name));
    if (used.has(id) && newNames !== "all" && newNames.length === 0) continue;
    namesAsked.set(id, newNames === "all" ? "all" : new Set([...(asked ?? []), ...newNames]));
    const links = linksOf(id);
    if (!used.has(id)) {
      used.add(id);
      for (const { target, names: taken } of links?.imports ?? []) {
        const takesNothing = taken !== "all" && taken.size === 0;
        if (!takesNothing || hasSideEffects(target)) pending.push([target, taken]);
      }
    }
    if (!links) continue;
    if (newNames === "all") {
      for (const { target, name } of links.reexports.values())
        pending.push([target, name === "*" ? "all" : new Set([name])]);
      for (const target of links.starReexports) pending.push([target, "all"]);
      continue;
    }
    for (const name of newNames) {
      const reexport = links.reexports.get(name);
      if (reexport) pending.push([reexport.target, reexport.name === "*" ? "all" : new Set([reexport.name])]);
      else for (const target of links.starReexports) pending.push([target, new Set([name])]);
    }
  }
  return used;
}
