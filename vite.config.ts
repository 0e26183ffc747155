import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkSources } from "./scripts/vite/chunk-sources.ts";
import { firstScreenChunks } from "./scripts/vite/first-screen-chunks.ts";
import { firstScreenDocuments } from "./scripts/vite/first-screen-documents.ts";
import { mantineComponentStyles } from "./scripts/vite/mantine-component-styles.ts";
import { mantineStableIds } from "./scripts/vite/mantine-stable-ids.ts";
import { precompress } from "./scripts/vite/precompress.ts";

export default defineConfig({
  root: "src/web",
  plugins: [
    react(),
    mantineComponentStyles(),
    mantineStableIds(),
    firstScreenChunks(),
    firstScreenDocuments(),
    chunkSources(),
    precompress(),
  ],
  build: {
    outDir: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Beyond the first screens' groups, Mantine's components otherwise land in chunks of 1–2 KB each:
    // on a phone's network every request costs a round trip. Rollup merges the small ones where no
    // side effect moves.
    rollupOptions: { output: { experimentalMinChunkSize: 20_000 } },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
