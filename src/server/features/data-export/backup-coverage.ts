/**
 * Which tables a backup holds. The tables are read from the database catalog at each export
 * (read-backup-tables.ts): every table of `public` with an `agency_id` column is an agency's, so a
 * new migration's table is in the next backup without touching this file. What the catalog cannot
 * tell is listed here, and tests/api/data-export/backup-coverage.test.ts fails until every table of
 * the database is either in a backup or in EXCLUDED_TABLES / EXCLUDED_SCHEMAS.
 */

/**
 * Tables without agency_id whose rows belong to an agency through a member: the column holds a
 * user id, and the agency's rows are those of its members (profiles.agency_id).
 */
export const MEMBER_TABLES = {
  user_roles: "user_id",
} as const satisfies Record<string, string>;

/** Platform tables, in the platform backup only (they belong to no agency). */
export const PLATFORM_TABLES = ["agencies", "role_permissions", "permission_templates"] as const;

/**
 * Tables of `public` no backup holds, each with why. Credential tables are left out whole rather
 * than exported redacted: a session or a second factor without its secret restores nothing.
 */
export const EXCLUDED_TABLES: Record<string, string> = {
  user: "the better-auth identity row: the member's id, e-mail, names and role are in profiles",
  account: "credentials: the password hash (and OAuth tokens) of each user",
  session: "credentials: session tokens",
  session_activity: "the idle clock of each session (a session is not backed up)",
  two_factor: "credentials: two-factor secrets and backup codes",
  two_factor_used_codes: "digests of spent two-factor codes (replay guard of live sessions)",
  verification: "one-time tokens of better-auth",
  password_reset_tokens: "one-time tokens: password reset links",
  email_verification_tokens: "one-time tokens: e-mail verification links",
  calendar_feeds:
    "credentials: each row is a member's calendar link, and the link's token hash is all it holds besides who",
  account_lockouts: "sign-in lockouts: short-lived brute-force counters",
  sign_in_failures: "sign-in failures: short-lived brute-force counters",
  rate_limit: "better-auth's request counters",
  request_limits: "the API's request counters",
  auth_epoch: "a counter the session cache compares, platform internal",
  email_outbox: "the outgoing e-mail queue: bodies carry invite, reset and verification links",
  job_queue: "the embedded (PGlite) job queue: pending work, not data",
  job_schedules: "when each recurring platform job last ran",
};

/** Schemas other than `public` that hold no agency data. */
export const EXCLUDED_SCHEMAS: Record<string, string> = {
  graphile_worker: "graphile-worker's job queue (PostgreSQL): pending work, not data",
  drizzle: "the journal of applied migrations",
};
