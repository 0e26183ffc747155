import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { mantineCssCoverage } from "./scripts/vite/mantine-css-coverage.ts";
import { precompress } from "./scripts/vite/precompress.ts";
import { screenDocuments } from "./scripts/vite/screen-documents.ts";

export default defineConfig({
  root: "src/web",
  plugins: [react(), screenDocuments(), mantineCssCoverage(), precompress()],
  build: {
    outDir: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Left to itself Rolldown splits a first screen into ~50 (/auth) to ~70 (/dashboard) files,
        // one per set of screens sharing a module; on a phone every request costs a round trip.
        // Rolldown's documented groups (each capturing its modules' dependencies, higher priority
        // first) give each first screen its own chunk instead (docs/decisions/013).
        codeSplitting: {
          groups: [
            // What index.html's script loads statically stays with it in one chunk.
            { name: "index", tags: ["$initial"], priority: 30 },
            // /auth with what it shares with the dashboard: the dashboard loads both groups.
            { name: "screen-auth", test: /[\\/]src[\\/]web[\\/]features[\\/]auth[\\/]auth-page\.tsx$/, priority: 20 },
            {
              name: "screen-dashboard",
              test: /[\\/]src[\\/]web[\\/](shell[\\/]app-shell|features[\\/]dashboard[\\/]dashboard-page)\.tsx$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
