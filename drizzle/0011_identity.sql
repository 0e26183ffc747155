-- Identity, hardened (issue 13).
--
-- A session carries whether IT passed the second factor (defect 1): better-auth marks the sessions
-- it opens at a TOTP or backup code (auth.ts databaseHooks), a password-only session stays false.
ALTER TABLE "session" ADD COLUMN "two_factor_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The last password (or TOTP) confirmation of the session, for sensitive actions (re-authentication).
ALTER TABLE "session" ADD COLUMN "reauthenticated_at" timestamp with time zone;
--> statement-breakpoint
-- Enrolling or disabling two-factor (through better-auth, or reset by anyone) ends every session of
-- the user: better-auth opens the session that made the change right after the flag flips, so
-- only that one survives. A password-only session cannot outlive the enrolment.
CREATE OR REPLACE FUNCTION app_end_sessions_on_two_factor_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM session WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER end_sessions_on_two_factor_change AFTER UPDATE OF two_factor_enabled ON "user"
FOR EACH ROW WHEN (OLD.two_factor_enabled IS DISTINCT FROM NEW.two_factor_enabled)
EXECUTE FUNCTION app_end_sessions_on_two_factor_change();
--> statement-breakpoint
-- The session state gains the session's own second factor (migration 0007 defined it; the return
-- type changes, so it is dropped and created again, otherwise identical).
DROP FUNCTION app_session_state(text, text);
--> statement-breakpoint
CREATE FUNCTION app_session_state(p_token text, p_module text)
RETURNS TABLE (
  session_id uuid, expires_at timestamptz, user_id uuid, email text, two_factor_enabled boolean,
  first_name text, last_name text, company text, agency_id uuid, agency_name text,
  subscription_status text, role text, two_factor_required jsonb,
  can_view boolean, can_create boolean, can_edit boolean, can_delete boolean, auth_epoch bigint,
  session_two_factor_verified boolean
) LANGUAGE sql STABLE AS $$
  SELECT se.id, se.expires_at, u.id, u.email, u.two_factor_enabled, p.first_name, p.last_name, p.company,
    p.agency_id, a.name, a.subscription_status, r.role,
    (SELECT st.setting_value FROM agency_settings st
      WHERE st.agency_id = p.agency_id AND st.setting_key = 'two_factor_required'),
    rp.can_view, rp.can_create, rp.can_edit, rp.can_delete,
    (SELECT e.value FROM auth_epoch e),
    se.two_factor_verified
  FROM session se
  JOIN "user" u ON u.id = se.user_id
  LEFT JOIN profiles p ON p.id = u.id
  LEFT JOIN agencies a ON a.id = p.agency_id
  LEFT JOIN user_roles r ON r.user_id = u.id
  LEFT JOIN role_permissions rp ON rp.role = coalesce(r.role, 'user') AND rp.module = p_module
  WHERE se.token = p_token AND se.expires_at > now()
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_state(text, text) FROM PUBLIC;
--> statement-breakpoint
-- TOTP codes already accepted (defect 4): one row per user and code while the code could still be
-- accepted; a second use is refused. Identity table (owner connection), no agency data.
CREATE TABLE "two_factor_used_codes" (
  "user_id" uuid NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "code_digest" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("user_id", "code_digest")
);
--> statement-breakpoint
CREATE INDEX "two_factor_used_codes_expires_idx" ON "two_factor_used_codes" USING btree ("expires_at");
--> statement-breakpoint
-- Password reset tokens (item 7): only the SHA-256 of the token is kept; single use, 30 minutes.
CREATE TABLE "password_reset_tokens" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_idx" ON "password_reset_tokens" USING btree ("expires_at");
--> statement-breakpoint
-- Request counters of the rate limits on every route (item 10): one row per key and fixed window,
-- shared by every server on the database.
CREATE TABLE "request_limits" (
  "key" text NOT NULL,
  "window_start" timestamp with time zone NOT NULL,
  "hits" integer NOT NULL,
  PRIMARY KEY ("key", "window_start")
);
--> statement-breakpoint
CREATE INDEX "request_limits_window_idx" ON "request_limits" USING btree ("window_start");
