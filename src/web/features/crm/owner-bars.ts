import type { CrmReport } from "#domain/schemas/crm.ts";

/** The owner chart's bars: every owner with open deals, R$ 0,00 included, largest value first. */
export function ownerBars(owners: CrmReport["owners"]): CrmReport["owners"] {
  return owners.filter((o) => o.openCount > 0).sort((a, b) => b.openCents - a.openCents);
}
