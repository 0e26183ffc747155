import { defineConfig } from "vitest/config";

const apiProject = (name: string, testDb: string) => ({
  extends: true as const,
  test: {
    name,
    include: ["tests/api/**/*.test.ts", "tests/security/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    env: { TEST_DB: testDb },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database copy and app, so nothing is shared through modules; without
    // isolation a worker imports the server once instead of once per file (documented `isolate`):
    // on 22 API files the imports fell from 123 s to 18 s and the run from 261 s to 130 s.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    pool: "forks",
    // Vitest's default is one worker less than the cores: one worker on CI's two. The API tests
    // wait on a database (PostgreSQL's process, or a file's PGlite starting), so a third worker
    // fills the cores' idle time (documented `maxWorkers`): 679 s against 784 s on this 2-core VM.
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts", "bench/**/*.test.ts"] } },
      apiProject("api", "pglite"),
      apiProject("api-postgres", "postgres"),
    ],
  },
});
