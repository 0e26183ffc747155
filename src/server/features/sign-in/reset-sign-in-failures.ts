import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { signInFailures } from "../../db/schema.ts";

/** A successful sign-in sets the account's failure counter back to zero (spec §4). */
export async function resetSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
