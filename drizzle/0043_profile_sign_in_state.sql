-- The members list (list-users.ts) shows each member's e-mail verification and lock. It read them
-- through app_member_sign_in_states (0037): a SECURITY DEFINER PL/pgSQL function joining "user",
-- profiles and account_lockouts for the page's ids, which cost ~0.6 ms of the server's CPU per
-- page, more than the page itself (issue 14: the tenant list fell from 4.3% to 1.9% of the
-- baseline). Like profiles.role (0008), both now live on the profile, copied by triggers from their
-- sources, so the page reads them from its own rows. profiles' row-level security lets the same
-- people read them as the function did: the member's agency and the super admin.
ALTER TABLE profiles ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE profiles ADD COLUMN locked_until timestamptz;
--> statement-breakpoint
-- Lockouts are keyed by the lower-cased e-mail (record-sign-in-failure.ts).
CREATE INDEX profiles_lower_email_idx ON profiles (lower(email));
--> statement-breakpoint
-- Every profile written takes its state from the sources: whatever a statement writes into the
-- two columns directly is replaced.
CREATE FUNCTION app_profile_sign_in_state() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  NEW.email_verified := coalesce((SELECT u.email_verified FROM "user" u WHERE u.id = NEW.id), false);
  NEW.locked_until := (SELECT l.locked_until FROM account_lockouts l WHERE l.email = lower(NEW.email));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profile_sign_in_state BEFORE INSERT OR UPDATE ON profiles
FOR EACH ROW EXECUTE FUNCTION app_profile_sign_in_state();
--> statement-breakpoint
-- A change of the sources rewrites the profiles it put out of step, so the trigger above copies
-- it (only those: every profile update also advances the auth epoch, migration 0007).
CREATE FUNCTION app_user_email_verified_to_profile() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE profiles p SET email_verified = p.email_verified
   WHERE p.id = NEW.id AND p.email_verified IS DISTINCT FROM NEW.email_verified;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_email_verified_to_profile AFTER UPDATE OF email_verified ON "user"
FOR EACH ROW WHEN (OLD.email_verified IS DISTINCT FROM NEW.email_verified)
EXECUTE FUNCTION app_user_email_verified_to_profile();
--> statement-breakpoint
-- A lock set, moved or removed reaches the profiles of its e-mail. Writing or removing a lock
-- that has ended (the clean-up of ended locks) changes nothing anyone sees: those profiles are
-- left alone.
CREATE FUNCTION app_lockout_to_profiles() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_old_email text := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.email END;
  v_new_email text := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.email END;
BEGIN
  UPDATE profiles p SET locked_until = p.locked_until
   WHERE lower(p.email) IN (v_old_email, v_new_email)
     AND p.locked_until IS DISTINCT FROM (SELECT l.locked_until FROM account_lockouts l WHERE l.email = lower(p.email))
     AND (p.locked_until > now()
          OR EXISTS (SELECT 1 FROM account_lockouts l WHERE l.email = lower(p.email) AND l.locked_until > now()));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lockout_to_profiles AFTER INSERT OR UPDATE OR DELETE ON account_lockouts
FOR EACH ROW EXECUTE FUNCTION app_lockout_to_profiles();
--> statement-breakpoint
UPDATE profiles p SET email_verified = true
  FROM "user" u
 WHERE u.id = p.id AND u.email_verified AND NOT p.email_verified;
--> statement-breakpoint
UPDATE profiles p SET locked_until = l.locked_until
  FROM account_lockouts l
 WHERE l.email = lower(p.email) AND l.locked_until > now();
--> statement-breakpoint
DROP FUNCTION app_member_sign_in_states(uuid[]);
