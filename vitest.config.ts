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
  },
});

export default defineConfig({
  test: {
    pool: "forks",
    // Vitest's default is one worker less than the cores: one worker on CI's two. The API tests
    // mostly wait on a database, so two workers there cut the run (documented `maxWorkers`).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      apiProject("api", "pglite"),
      apiProject("api-postgres", "postgres"),
    ],
  },
});
