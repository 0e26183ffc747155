import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { session, user } from "./schema.ts";

// Identity tables of issue 13 (migration 0011): owner connection only, no agency data.

/** TOTP codes already accepted, kept while they could still be accepted again. */
export const twoFactorUsedCodes = pgTable(
  "two_factor_used_codes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeDigest: text("code_digest").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.codeDigest] }),
    index("two_factor_used_codes_expires_idx").on(t.expiresAt),
  ],
);

/** Password reset requests: the SHA-256 of the token only; single use, 30 minutes. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("password_reset_tokens_user_idx").on(t.userId, t.createdAt),
    index("password_reset_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Request counters of the per-route rate limits, one row per key and fixed window. */
export const requestLimits = pgTable(
  "request_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("request_limits_window_idx").on(t.windowStart)],
);

/** A session's last activity (migration 0019, idle timeout): apart from `session`, whose writes move the auth epoch. */
export const sessionActivity = pgTable("session_activity", {
  sessionId: uuid("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
});

/** E-mail verification links (migration 0019): the SHA-256 of the token and the address it was sent to; single use, 24 hours. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("email_verification_tokens_user_idx").on(t.userId, t.createdAt),
    index("email_verification_tokens_expires_idx").on(t.expiresAt),
  ],
);
