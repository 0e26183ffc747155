-- Idle timeout (issue 13, item 9): a session unused for its agency's `session_idle_timeout_minutes`
-- (agency_settings, 5 to 1440, default 30; agency-less users and the super admin: 30) ends, on top
-- of the absolute 7 days of `session.expires_at`.
--
-- The last activity lives in its own table, not on the session row: every write to `session`
-- advances the auth epoch (0010), and a last-seen written on every request would throw away every
-- cached session state. No epoch trigger here: activity only ever moves an expiry later, so a
-- session state cached with the earlier expiry is merely re-read sooner. Identity table (owner
-- connection only, no grant to nexo_app).
CREATE TABLE "session_activity" (
  "session_id" uuid PRIMARY KEY NOT NULL REFERENCES "session"("id") ON DELETE CASCADE,
  "last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The agency's idle timeout in minutes; an absent or out-of-range stored value is the default
-- (src/domain/schemas/agency-settings.ts: SESSION_IDLE_TIMEOUT keeps the same numbers).
CREATE FUNCTION app_session_idle_minutes(p_agency_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    -- Nested CASE: AND does not promise to test the type before the cast runs.
    SELECT CASE WHEN jsonb_typeof(st.setting_value) = 'number' THEN
             CASE WHEN (st.setting_value)::numeric BETWEEN 5 AND 1440
                  THEN round((st.setting_value)::numeric)::integer END
           END
    FROM agency_settings st
    WHERE st.agency_id = p_agency_id AND st.setting_key = 'session_idle_timeout_minutes'), 30)
$$;
--> statement-breakpoint
-- When a session ends: the earlier of its absolute expiry and its last activity (or its sign-in)
-- plus the idle timeout.
CREATE FUNCTION app_session_expiry(
  p_expires_at timestamptz, p_created_at timestamptz, p_last_seen_at timestamptz, p_agency_id uuid
) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT least(p_expires_at,
    greatest(p_created_at, p_last_seen_at) + make_interval(mins => app_session_idle_minutes(p_agency_id)))
$$;
--> statement-breakpoint
-- The session state (0011) with the effective expiry: `expires_at` is now the earlier of the two,
-- so the session cache and app_enter_tenant_read's `p_expires_at` proof enforce the idle timeout
-- too. It also gains whether the account's e-mail is verified (item 8, for GET /api/me): the
-- result type changes, so it is dropped and created again.
DROP FUNCTION app_session_state(text, text);
--> statement-breakpoint
CREATE FUNCTION app_session_state(p_token text, p_module text)
RETURNS TABLE (
  session_id uuid, expires_at timestamptz, user_id uuid, email text, two_factor_enabled boolean,
  first_name text, last_name text, company text, agency_id uuid, agency_name text,
  subscription_status text, role text, two_factor_required jsonb,
  can_view boolean, can_create boolean, can_edit boolean, can_delete boolean, auth_epoch bigint,
  session_two_factor_verified boolean, email_verified boolean
) LANGUAGE sql STABLE AS $$
  SELECT se.id, x.expires_at, u.id, u.email, u.two_factor_enabled, p.first_name, p.last_name, p.company,
    p.agency_id, a.name, a.subscription_status, r.role,
    (SELECT st.setting_value FROM agency_settings st
      WHERE st.agency_id = p.agency_id AND st.setting_key = 'two_factor_required'),
    rp.can_view, rp.can_create, rp.can_edit, rp.can_delete,
    (SELECT e.value FROM auth_epoch e),
    se.two_factor_verified,
    u.email_verified
  FROM session se
  JOIN "user" u ON u.id = se.user_id
  LEFT JOIN profiles p ON p.id = u.id
  LEFT JOIN session_activity sa ON sa.session_id = se.id
  CROSS JOIN LATERAL (SELECT app_session_expiry(se.expires_at, se.created_at, sa.last_seen_at, p.agency_id) AS expires_at) x
  LEFT JOIN agencies a ON a.id = p.agency_id
  LEFT JOIN user_roles r ON r.user_id = u.id
  LEFT JOIN role_permissions rp ON rp.role = coalesce(r.role, 'user') AND rp.module = p_module
  WHERE se.token = p_token AND x.expires_at > now()
$$;
--> statement-breakpoint
-- Records activity of a session that has not ended: at most one write a minute per session (the
-- server also skips calls within the minute), and never for a session already expired, so a
-- request that reused a stale cached state cannot revive an idle session.
CREATE FUNCTION app_touch_session(p_session_id uuid) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO session_activity (session_id, last_seen_at)
  SELECT se.id, now()
  FROM session se
  LEFT JOIN session_activity sa ON sa.session_id = se.id
  LEFT JOIN profiles p ON p.id = se.user_id
  WHERE se.id = p_session_id
    AND app_session_expiry(se.expires_at, se.created_at, sa.last_seen_at, p.agency_id) > now()
  ON CONFLICT (session_id) DO UPDATE SET last_seen_at = excluded.last_seen_at
  WHERE session_activity.last_seen_at < excluded.last_seen_at - interval '1 minute'
$$;
--> statement-breakpoint
REVOKE ALL ON TABLE session_activity FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_idle_minutes(uuid) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_expiry(timestamptz, timestamptz, timestamptz, uuid) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_session_state(text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_touch_session(uuid) FROM PUBLIC;
--> statement-breakpoint
-- E-mail verification (issue 13, item 8): like the password reset tokens (0011), only the SHA-256
-- of the token is kept, with the address it was sent to; single use, 24 hours. Identity table.
CREATE TABLE "email_verification_tokens" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "token_hash" text NOT NULL UNIQUE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "email_verification_tokens_expires_idx" ON "email_verification_tokens" USING btree ("expires_at");
--> statement-breakpoint
REVOKE ALL ON TABLE email_verification_tokens FROM PUBLIC;
--> statement-breakpoint
-- Whether a member's e-mail is verified, for the agency's users list (run as nexo_app, which has
-- no grant on "user"): only for a user of the caller's own agency (the super admin: anyone); any
-- other id answers NULL, so the function reveals nothing past row-level security.
CREATE FUNCTION app_member_email_verified(p_user_id uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT u.email_verified
  FROM "user" u
  JOIN profiles p ON p.id = u.id
  WHERE u.id = p_user_id AND (p.agency_id = app_agency_id() OR app_is_super_admin())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_member_email_verified(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_member_email_verified(uuid) TO nexo_app;
