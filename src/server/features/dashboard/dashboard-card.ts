import type { DashboardCards } from "#domain/schemas/dashboard.ts";
import type { Module } from "#domain/modules.ts";
import type { SessionUser } from "../../auth/session-user.ts";
import type { Tx } from "../../db/client.ts";

/** Which records of a module the caller sees: all of the agency's, or only its own. */
export type CardScope = "all" | "own";

export type CardContext = {
  agencyId: string;
  user: SessionUser;
  now: Date;
  /** Whether the caller may view a module (its role's permission row). */
  canView: (module: Module) => boolean;
  scopeOf: (module: Module) => CardScope;
};

/**
 * One dashboard card: shown only to a caller who may view one of `modules`, and computed from
 * what that caller may see (issue 13, defect 5). A new card is a file in cards/ and one line in
 * dashboard-cards.ts (plus its type in DashboardCards).
 */
export type DashboardCard<K extends keyof DashboardCards = keyof DashboardCards> = {
  key: K;
  modules: readonly Module[];
  load: (tx: Tx, ctx: CardContext) => Promise<DashboardCards[K]>;
};

export const defineCard = <K extends keyof DashboardCards>(card: DashboardCard<K>): DashboardCard =>
  card as unknown as DashboardCard;
