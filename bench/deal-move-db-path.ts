// What a deal's move costs on the app's own database path, with no HTTP in front: the route's two
// messages (READ_MOVE, then the stage's order lock and WRITE_MOVE, each with the session-proven
// tenant context) sent through the app's database layer by 50 concurrent movers over a pool of the
// app's size. Prints moves a second and the CPU a move of PostgreSQL's processes and of this process
// (the app's share spent on the database driver). Compare with bench/deal-move-floor.sh (PostgreSQL
// alone, the writes only) and with the crm phase's move bar (the whole app).
//
//   npx tsx bench/deal-move-db-path.ts [bench database, default nexo_bench_full] [seconds, default 6] [read-only]
//
// `read-only` sends the read message alone. The moves rewrite order keys of the bench's large agency,
// as the crm phase does.
import { defaultPoolSize } from "../src/server/config.ts";
import { postgresDatabase, quoteLiteral } from "../src/server/db/client.ts";
import { readTenantRows, type TenantContext, writeTenantRows } from "../src/server/db/tenant.ts";
import { spreadKeyBetween, stageOrderLockName } from "../src/server/features/crm/deal-order.ts";
import { LOCK_STAGE_ORDER, READ_MOVE, WRITE_MOVE } from "../src/server/features/crm/move-deal.ts";
import { BENCH_MANAGER_EMAIL } from "./config.ts";
import { startCpuWindow } from "./process-cpu.ts";

const [databaseName = "nexo_bench_full", secondsText = "6", mode = "full"] = process.argv.slice(2);
const seconds = Number(secondsText);
const MOVERS = 50;
const database = postgresDatabase(`postgres://postgres@127.0.0.1:5432/${databaseName}`, { max: defaultPoolSize() });

/** One ad hoc query as the owner (setup only). */
const ownerRows = (name: string, text: string) => database.executeInOne([{ statement: { name, text }, literals: [] }]);

const [[userId, agencyId]] = await ownerRows(
  "nexo_move_path_manager",
  `select p.id::text, p.agency_id::text from profiles p join "user" u on u.id = p.id where u.email = ${quoteLiteral(BENCH_MANAGER_EMAIL)}`,
);
const [[authEpoch]] = await ownerRows("nexo_move_path_epoch", "select value::text from auth_epoch");
const stages = (
  await ownerRows(
    "nexo_move_path_stages",
    `select s.id::text from pipeline_stages s where s.agency_id = ${quoteLiteral(String(agencyId))} order by s.position`,
  )
).map(([id]) => String(id));
// The board's first cards of each column, the ones people drag (as the crm phase's movers).
const cards = (
  await ownerRows(
    "nexo_move_path_cards",
    `select id::text from (select id, row_number() over (partition by stage_id order by position, id) as n
       from leads where agency_id = ${quoteLiteral(String(agencyId))} and deleted_at is null and outcome = 'open') c
      where n <= 50`,
  )
).map(([id]) => String(id));

const context: TenantContext = { userId: String(userId), agencyId: String(agencyId), isSuperAdmin: false };
const sessionProof = () => ({ authEpoch: String(authEpoch), expiresAt: Date.now() + 3_600_000, onProven() {} });
let seed = 1;
const random = (n: number) => {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
};

/** One move as the route makes it (move-deal.ts), reading again when a racing move changed what it read. */
async function moveOnce(): Promise<void> {
  const id = cards[random(cards.length)];
  const after = random(4) === 0 ? null : cards[random(cards.length)];
  const stageId = stages[random(stages.length)];
  const read = [String(agencyId), String(userId), id, stageId, after === id ? null : after];
  for (let attempt = 0; attempt < 8; attempt++) {
    const [[, fromStageId, fromName, toName, afterId, afterKey, nextKey]] = await readTenantRows(
      database,
      context,
      READ_MOVE,
      read,
      { sessionProof: sessionProof() },
    );
    if (mode === "read-only") return;
    const now = new Date().toISOString();
    const [key, stage] = [spreadKeyBetween(afterKey as string | null, nextKey as string | null), String(fromStageId)];
    const write = [
      ...read.slice(0, 4),
      key,
      null,
      stage,
      afterId,
      afterKey,
      now,
      fromName,
      toName,
      "127.0.0.1",
      "bench",
    ];
    const moved = await writeTenantRows(database, context, WRITE_MOVE, write as (string | null)[], {
      sessionProof: sessionProof(),
      before: [{ statement: LOCK_STAGE_ORDER, params: [stageOrderLockName(stageId)] }],
    });
    if (moved.length > 0) return;
  }
}

async function moveFor(ms: number): Promise<number> {
  let moves = 0;
  const end = Date.now() + ms;
  const mover = async () => {
    while (Date.now() < end) {
      await moveOnce();
      moves++;
    }
  };
  await Promise.all(Array.from({ length: MOVERS }, mover));
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
