/** A chunk of Vite's build manifest (`build.manifest: true`, `.vite/manifest.json`), as Vite documents it. */
export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

export const MANIFEST_FILE = ".vite/manifest.json";

function keyOfFile(manifest: Manifest, file: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`${file} is not in the Vite manifest`);
  return key;
}

/** The files of a chunk and of every chunk it imports statically, each after its imports (run order). */
export function withStaticImports(manifest: Manifest, file: string, into = new Set<string>()): Set<string> {
  const visiting = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (into.has(chunk.file) || visiting.has(key)) return;
    visiting.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    into.add(chunk.file);
  };
  visit(keyOfFile(manifest, file));
  return into;
}

/** The entry chunk's file (index.html's script). */
export function entryFile(manifest: Manifest): string {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("the Vite manifest has no entry chunk");
  return entry.file;
}

/**
 * What a screen loads beyond the entry, given the chunks holding its lazy modules: the JS files
 * in run order and their stylesheets.
 */
export function screenFiles(manifest: Manifest, rootFiles: string[]): { scripts: string[]; stylesheets: string[] } {
  const withEntry = withStaticImports(manifest, entryFile(manifest));
  const files = new Set<string>();
  for (const file of rootFiles) withStaticImports(manifest, file, files);
  const scripts = [...files].filter((file) => !withEntry.has(file));
  const stylesheets = scripts.flatMap((file) => manifest[keyOfFile(manifest, file)].css ?? []);
  return { scripts, stylesheets: [...new Set(stylesheets)] };
}
