import type { TestProject } from "vitest/node";
import { ensureGoldenPglite, ensureGoldenPostgres } from "./golden.ts";

/** Builds the golden database of the project's kind once per run (the project's env names it). */
export default async function globalSetup(project: TestProject): Promise<void> {
  if (project.config.env?.TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("O projeto api-postgres precisa de TEST_DATABASE_URL.");
    await ensureGoldenPostgres(url);
  } else {
    await ensureGoldenPglite();
  }
}
