import { writeFileSync } from "node:fs";

/**
 * Writes the results as `file`, with each query plan's EXPLAIN text moved to `<file>-plans.json`
 * beside it (by the same path of keys): the plans are most of the bytes (over 1 MB at full scale)
 * and are read when a figure needs explaining, not kept in history. The results file keeps each
 * plan's figures, its SQL and its sequential-scan findings.
 */
export function writeResults(file: string, results: unknown): string {
  const plans: Record<string, string> = {};
  const withoutPlans = stripPlans(results, "", plans);
  const plansFile = file.replace(/(\.json|\.tmp)?$/, "-plans.json");
  writeFileSync(file, `${JSON.stringify(withoutPlans, null, 2)}\n`);
  writeFileSync(plansFile, `${JSON.stringify(plans, null, 2)}\n`);
  return plansFile;
}

function stripPlans(value: unknown, at: string, plans: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item, index) => stripPlans(item, `${at}[${index}]`, plans));
  if (value === null || typeof value !== "object") return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "plan" && typeof item === "string") plans[at] = item;
    else kept[key] = stripPlans(item, `${at}.${key}`, plans);
  }
  return kept;
}
