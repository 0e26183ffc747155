ALTER TABLE "profiles" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
-- profiles.role is user_roles' role (the source; 'user' without a row), so member lists read it
-- straight from the page's rows instead of a lookup per member under user_roles' row-level
-- security (~40% of the tenant list's cost, issue 7). It is always recomputed from user_roles:
-- whatever a statement writes into it directly is replaced.
CREATE OR REPLACE FUNCTION app_profile_role_from_user_roles() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  NEW.role := coalesce((SELECT r.role FROM user_roles r WHERE r.user_id = NEW.id), 'user');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profile_role_from_user_roles BEFORE INSERT OR UPDATE ON profiles
FOR EACH ROW EXECUTE FUNCTION app_profile_role_from_user_roles();
--> statement-breakpoint
-- A change to user_roles recomputes the role of the profiles it put out of step (only those:
-- an update rewrites every index of the row, the e-mail trigram index among them).
CREATE OR REPLACE FUNCTION app_user_roles_to_profiles() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE profiles p SET role = p.role
   WHERE p.id IN (OLD.user_id, NEW.user_id)
     AND p.role IS DISTINCT FROM coalesce((SELECT r.role FROM user_roles r WHERE r.user_id = p.id), 'user');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_roles_to_profiles AFTER INSERT OR UPDATE OR DELETE ON user_roles
FOR EACH ROW EXECUTE FUNCTION app_user_roles_to_profiles();
--> statement-breakpoint
-- A new user's role row first, so the profile is born with its role (no second write of it).
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.signup_role = 'super_admin' THEN
    RAISE EXCEPTION 'super_admin cannot be chosen at sign-up';
  END IF;
  INSERT INTO user_roles (user_id, role) VALUES (NEW.id, coalesce(nullif(NEW.signup_role, ''), 'user'));
  INSERT INTO profiles (id, email, first_name, last_name, company)
  VALUES (NEW.id, NEW.email, NEW.first_name, NEW.last_name, NEW.company);
  RETURN NEW;
END $$;
--> statement-breakpoint
UPDATE profiles p SET role = p.role
 WHERE p.role IS DISTINCT FROM coalesce((SELECT r.role FROM user_roles r WHERE r.user_id = p.id), 'user');
