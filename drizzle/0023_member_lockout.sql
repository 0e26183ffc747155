-- Issue 13, defect 3: an agency manager sees which members are locked out of sign-in and may lift
-- the lock. account_lockouts is an identity table (no grant to nexo_app), so, like
-- app_member_email_verified (0019), this answers only for a member of the caller's own agency
-- (the super admin: anyone) and NULL for anyone else or anyone not locked now. The lock is keyed
-- by the lower-cased address signed in with; the profile's address is the account's.
CREATE FUNCTION app_member_locked_until(p_user_id uuid) RETURNS timestamptz
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT l.locked_until
  FROM profiles p
  JOIN account_lockouts l ON l.email = lower(p.email)
  WHERE p.id = p_user_id AND l.locked_until > now()
    AND (p.agency_id = app_agency_id() OR app_is_super_admin())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_member_locked_until(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_member_locked_until(uuid) TO nexo_app;
