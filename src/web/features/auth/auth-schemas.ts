type AuthSchemas = typeof import("#domain/schemas/sign-in.ts");

let loaded: AuthSchemas | null = null;

/**
 * The shared sign-in and sign-up schemas (and zod with them), fetched after /auth has painted:
 * the first load carries only what the screen needs to show. Every submit awaits this first.
 */
export async function loadAuthSchemas(): Promise<AuthSchemas> {
  loaded ??= await import("#domain/schemas/sign-in.ts");
  return loaded;
}

/** The schemas if they have arrived (field validation while typing), else null. */
export function loadedAuthSchemas(): AuthSchemas | null {
  return loaded;
}
