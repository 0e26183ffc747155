import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routePreloads } from "./route-preloads.ts";

function distWith(manifest: object): string {
  const dist = mkdtempSync(path.join(tmpdir(), "nexo-preloads-"));
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
  return dist;
}

const MANIFEST = {
  "index.html": {
    file: "assets/index-1.js",
    imports: ["_react-1.js"],
    dynamicImports: ["_app-shell-1.js", "_dashboard-page-1.js", "features/auth/auth-page.tsx"],
  },
  "_react-1.js": { file: "assets/react-1.js" },
  "_app-shell-1.js": { file: "assets/app-shell-1.js", name: "app-shell", imports: ["_popover-1.js", "_react-1.js"] },
  "_popover-1.js": { file: "assets/popover-1.js", css: ["assets/popover-1.css"] },
  "_dashboard-page-1.js": { file: "assets/dashboard-page-1.js", name: "dashboard-page", imports: ["_popover-1.js"] },
  "features/auth/auth-page.tsx": { file: "assets/auth-page-1.js", name: "auth-page" },
};

describe("routePreloads", () => {
  const preloads = routePreloads(distWith(MANIFEST));

  it("preloads the shell and the dashboard with their imports, not what index.html already loads", () => {
    const html = preloads("/dashboard");
    for (const file of ["app-shell-1.js", "popover-1.js", "dashboard-page-1.js"]) {
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    }
    expect(html).toContain(`<link rel="preload" as="style" crossorigin href="/assets/popover-1.css">`);
    expect(html).not.toContain("react-1.js");
    expect(html.match(/popover-1\.js/g)).toHaveLength(1);
  });

  it("preloads only the shell under /app and only the auth screen on /auth", () => {
    expect(preloads("/app/crm/contatos")).toContain("app-shell-1.js");
    expect(preloads("/app/crm/contatos")).not.toContain("dashboard-page");
    expect(preloads("/auth")).toBe(`<link rel="modulepreload" crossorigin href="/assets/auth-page-1.js">`);
  });

  it("adds nothing elsewhere or without a manifest", () => {
    expect(preloads("/")).toBe("");
    expect(routePreloads(mkdtempSync(path.join(tmpdir(), "nexo-no-manifest-")))("/dashboard")).toBe("");
  });
});
