import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/web",
  plugins: [react()],
  build: {
    outDir: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
