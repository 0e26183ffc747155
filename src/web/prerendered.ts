/** #root's attribute naming whom the build prerendered its markup for (scripts/vite/first-screen-documents.ts). */
export const PRERENDERED_FOR = "data-prerendered-for";
export const SIGNED_OUT = "signed-out";

/**
 * A prerendered screen arrives `inert`: what is typed before React has taken it over would be
 * lost, so nothing takes focus or clicks until then. Called once React has committed the app.
 */
export function markAppLive(): void {
  document.getElementById("root")?.removeAttribute("inert");
}
