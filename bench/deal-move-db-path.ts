// What a deal's move costs on the app's own database path, with no HTTP in front: the route's
// moveDeal, its two messages (the read, then the stage's order lock and the checked write, each with
// the session-proven tenant context) sent through the app's database layer by 50 concurrent movers over a pool of the
// app's size. Prints moves a second and the CPU a move of PostgreSQL's processes and of this process
// (the app's share spent on the database driver). Compare with bench/deal-move-floor.sh (PostgreSQL
// alone, the writes only) and with the crm phase's move bar (the whole app).
//
//   npx tsx bench/deal-move-db-path.ts [bench database, default nexo_bench_full] [seconds, default 6] [read-only]
//
// `read-only` sends the read message alone (the write answers at once, unsent). The moves rewrite order keys of the bench's large agency,
// as the crm phase does.
import { defaultPoolSize } from "../src/server/config.ts";
import { postgresDatabase } from "../src/server/db/client.ts";
import {
  readTenantRows,
  type TenantContext,
  type TenantRows,
  type TenantWrite,
  writeTenantRows,
} from "../src/server/db/tenant.ts";
import { moveDeal } from "../src/server/features/crm/move-deal.ts";
import { managerOf } from "./bare-list.ts";
import { randomMoves } from "./crm-load.ts";
import { startCpuWindow } from "./process-cpu.ts";

const [databaseName = "nexo_bench_full", secondsText = "6", mode = "full"] = process.argv.slice(2);
const seconds = Number(secondsText);
const MOVERS = 50;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${databaseName}`;
const { userId, agencyId } = await managerOf(databaseUrl);
const database = postgresDatabase(databaseUrl, { max: defaultPoolSize() });

/** One ad hoc query as the owner (setup only), its rows' first column as text. */
const ownerColumn = async (name: string, text: string) =>
  (await database.executeInOne([{ statement: { name, text }, literals: [] }])).map(([value]) => String(value));

const [authEpoch] = await ownerColumn("nexo_move_path_epoch", "select value::text from auth_epoch");
const stages = await ownerColumn(
  "nexo_move_path_stages",
  `select id::text from pipeline_stages where agency_id = '${agencyId}' order by position`,
);
// The board's first cards of each column, the ones the crm phase's movers drag.
const cards = await ownerColumn(
  "nexo_move_path_cards",
  `select id::text from (select id, row_number() over (partition by stage_id order by position, id) as n
     from leads where agency_id = '${agencyId}' and deleted_at is null and outcome = 'open') c
    where n <= 50`,
);

// The route's tenant runners (register-routes.ts), on a session proven unchanged since it was read.
const context: TenantContext = { userId, agencyId, isSuperAdmin: false };
const sessionProof = () => ({ authEpoch, expiresAt: Date.now() + 3_600_000, onProven() {} });
const read: TenantRows = (statement, params) =>
  readTenantRows(database, context, statement, params, { sessionProof: sessionProof() });
const write: TenantWrite =
  mode === "read-only"
    ? async () => [[{}]]
    : (statement, params, options) =>
        writeTenantRows(database, context, statement, params, { ...options, sessionProof: sessionProof() });
const mover = { agencyId, userId, ip: "127.0.0.1", userAgent: "bench" };
const nextMove = randomMoves(cards, stages);

async function moveFor(ms: number): Promise<number> {
  let moves = 0;
  const end = Date.now() + ms;
  const moveUntilEnd = async () => {
    while (Date.now() < end) {
      const { id, body } = nextMove();
      await moveDeal({ read, write }, mover, id, body, new Date());
      moves++;
    }
  };
  await Promise.all(Array.from({ length: MOVERS }, moveUntilEnd));
  return moves;
}

await moveFor(3_000); // warm: prepared statements and their cached plans
for (let run = 1; run <= 3; run++) {
  const stop = startCpuWindow(process.pid);
  const moves = await moveFor(seconds * 1000);
  const cpu = stop();
  const perMove = (ms: number | null) => ((ms ?? 0) / moves).toFixed(3);
  console.log(
    `run ${run} (${mode}): ${Math.round(moves / seconds)} moves/s, PostgreSQL ${perMove(cpu.postgresMs)} ms of CPU a move, ` +
      `this process ${perMove(cpu.appMs)} ms, machine busy ${Math.round(cpu.machineBusy * 100)}%`,
  );
}
await database.close();
