/**
 * The screens most often opened first, by path: the lazy modules (paths under src/web) each one
 * renders. The build groups their code into few chunks and writes a document per path that
 * preloads them; bench/web-size.ts measures the same routes.
 */
export const FIRST_SCREENS: Record<string, string[]> = {
  "/auth": ["features/auth/auth-page.tsx"],
  "/dashboard": ["shell/app-shell.tsx", "features/dashboard/dashboard-page.tsx"],
};

/** The module id of a source under src/web, as Rollup names it. */
export function isWebSource(id: string, source: string): boolean {
  return id.endsWith(`/src/web/${source}`);
}
