/**
 * The screens most often opened first, by path: the lazy modules (paths under src/web) each one
 * renders. The build groups their code into few chunks and writes a document per path that
 * preloads them; bench/web-size.ts measures the same routes.
 */
export const FIRST_SCREENS: Record<string, string[]> = {
  "/auth": ["features/auth/auth-page.tsx"],
  "/dashboard": ["shell/app-shell.tsx", "features/dashboard/dashboard-page.tsx"],
};

/** What every page loads once its first screen is up and the browser idle (app.tsx). */
export const EVERY_PAGE_LATER = ["shell/toasts.tsx", "i18n/index.ts"];

/**
 * First screens whose document carries the screen itself, as a signed-out visitor sees it, so it
 * paints before any script runs (the others carry index.html's loader).
 */
export const PRERENDERED_SIGNED_OUT = ["/auth"];

/** The module id of a source under src/web, as Rollup names it. */
export function isWebSource(id: string, source: string): boolean {
  return id.endsWith(`/src/web/${source}`);
}
