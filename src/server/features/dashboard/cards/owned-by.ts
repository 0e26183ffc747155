import { type SQL, sql } from "drizzle-orm";
import type { Module } from "#domain/modules.ts";
import type { CardContext } from "../dashboard-card.ts";

/** The filter of a card's rows: everything in scope "all", else the rows whose `column` is the caller. */
export function ownedBy(ctx: CardContext, module: Module, column: SQL): SQL {
  return ctx.scopeOf(module) === "all" ? sql`true` : sql`${column} = ${ctx.user.id}`;
}
