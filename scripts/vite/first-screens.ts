/**
 * The screens most often opened first, by path: the lazy modules (paths under src/web, as Vite's
 * manifest names them) each one renders. The build writes a document per path that preloads
 * their chunks and stylesheets; bench/web-size.ts measures the same routes.
 */
export const FIRST_SCREENS: Record<string, string[]> = {
  "/auth": ["features/auth/auth-page.tsx"],
  "/dashboard": ["shell/app-shell.tsx", "features/dashboard/dashboard-page.tsx"],
};

/**
 * First screens whose document carries the screen itself, as a signed-out visitor sees it, so it
 * paints before any script runs (the others carry index.html's loader).
 */
export const PRERENDERED_SIGNED_OUT = ["/auth"];

/** Where the document of a first screen is written, under the web build: /auth → screens/auth.html. */
export function screenDocumentFile(pathname: string): string {
  return `screens${pathname}.html`;
}
