-- The members list (list-users.ts, the tenant list of the bench) had PostgreSQL write each
-- member's JSON on every read (row_to_json, decision 024): about half of the page's database time
-- (pgbench, context and page: 4,900 pages a second with it, 8,900 with the fields read as text).
-- A profile is read far more often than it is written, so its fixed fields are now written as JSON
-- once, when the row is, and the page joins them with the two fields that cannot be kept: the
-- role (normalised when read, by the rule the app has today) and the lock (shown only while it
-- holds, against now()). Decision 033.
ALTER TABLE profiles ADD COLUMN member_json_fields text NOT NULL DEFAULT '';
--> statement-breakpoint
-- The member's id, e-mail, names, creation time and e-mail verification as the members of a JSON
-- object (no braces), in the API's names and formats (AgencyUser). Whatever a statement writes
-- into the column directly is replaced. The trigger's name sorts after profile_role_from_user_roles
-- and profile_sign_in_state: PostgreSQL runs BEFORE triggers by name, and this one must see the
-- e-mail verification those copy in.
CREATE FUNCTION app_profile_member_json_fields() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  NEW.member_json_fields := '"id":' || to_json(NEW.id::text)
    || ',"email":' || to_json(NEW.email)
    || ',"firstName":' || to_json(NEW.first_name)
    || ',"lastName":' || to_json(NEW.last_name)
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"isEmailVerified":' || CASE WHEN NEW.email_verified THEN 'true' ELSE 'false' END;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profile_to_member_json_fields BEFORE INSERT OR UPDATE ON profiles
FOR EACH ROW EXECUTE FUNCTION app_profile_member_json_fields();
--> statement-breakpoint
UPDATE profiles SET member_json_fields = '';
