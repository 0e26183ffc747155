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
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      apiProject("api", "pglite"),
      apiProject("api-postgres", "postgres"),
    ],
  },
});
