import { sql } from "drizzle-orm";
import { profiles } from "../../db/schema.ts";

/** "First Last" of a joined profile, or null when the actor is gone (or another agency's). */
export const actorNameSql = sql<string | null>`nullif(trim(${profiles.firstName} || ' ' || ${profiles.lastName}), '')`;
