import type { Deps } from "../deps.ts";
import { pruneExpiredRows } from "./prune-expired-rows.ts";

const MINUTE_MS = 60_000;
export const HOUSEKEEPING_INTERVAL_MS = 10 * MINUTE_MS;
/** The first run waits until start-up traffic has settled instead of competing with it. */
const FIRST_RUN_DELAY_MS = MINUTE_MS / 2;

/**
 * Prunes expired rows shortly after start and every ten minutes. Several servers on one
 * PostgreSQL may run it at once: the deletes are idempotent. A failure is logged and retried on
 * the next tick. Returns the function that stops it (on shutdown).
 */
export function startHousekeeping(deps: Pick<Deps, "database" | "logger" | "now">): () => void {
  const run = async () => {
    try {
      const pruned = await pruneExpiredRows(deps.database.owner, deps.now());
      if (Object.values(pruned).some((count) => count > 0)) deps.logger.info({ pruned }, "linhas expiradas removidas");
    } catch (error) {
      deps.logger.warn({ err: error }, "limpeza periódica falhou; nova tentativa no próximo ciclo");
    }
  };
  const firstRun = setTimeout(run, FIRST_RUN_DELAY_MS);
  const everyInterval = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  firstRun.unref();
  everyInterval.unref();
  return () => {
    clearTimeout(firstRun);
    clearInterval(everyInterval);
  };
}
