-- Row-level security: the application role, the request context, and one policy per tenant table.
-- The server switches to nexo_app inside every request transaction with set_config('role', ...),
-- so these policies hold even though the connecting user owns the tables.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'nexo_app') THEN
    CREATE ROLE nexo_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT nexo_app TO %I', current_user);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'could not grant nexo_app to %: %', current_user, SQLERRM;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO nexo_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.user_id', true), '')::uuid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_agency_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.agency_id', true), '')::uuid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_super_admin() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.is_super_admin', true), '') = 'true'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION has_permission(p_user_id uuid, p_module text, p_action text)
RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH r AS (
    SELECT coalesce((SELECT role FROM user_roles WHERE user_id = p_user_id), 'user') AS role
  )
  SELECT CASE
    WHEN p_user_id IS NULL OR p_module IS NULL OR p_action IS NULL THEN false
    WHEN (SELECT role FROM r) = 'super_admin' THEN true
    ELSE coalesce((
      SELECT CASE p_action
        WHEN 'view' THEN rp.can_view
        WHEN 'create' THEN rp.can_create
        WHEN 'edit' THEN rp.can_edit
        WHEN 'delete' THEN rp.can_delete
        ELSE false END
      FROM role_permissions rp
      WHERE rp.role = (SELECT role FROM r) AND rp.module = p_module
    ), false)
  END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_user_id(), app_agency_id(), app_is_super_admin(), has_permission(uuid, text, text) TO nexo_app;
--> statement-breakpoint
-- A new user gets a profile and exactly one role in the same transaction as the user row.
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.signup_role = 'super_admin' THEN
    RAISE EXCEPTION 'super_admin cannot be chosen at sign-up';
  END IF;
  INSERT INTO profiles (id, email, first_name, last_name, company)
  VALUES (NEW.id, NEW.email, NEW.first_name, NEW.last_name, NEW.company);
  INSERT INTO user_roles (user_id, role) VALUES (NEW.id, coalesce(nullif(NEW.signup_role, ''), 'user'));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_creates_profile AFTER INSERT ON "user"
FOR EACH ROW EXECUTE FUNCTION create_profile_for_user();
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON profiles, agency_invites, agency_settings, audit_logs,
  customers, projects, leads, tasks TO nexo_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON agencies, user_roles, role_permissions, permission_templates TO nexo_app;
--> statement-breakpoint
ALTER TABLE agency_invites ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agency_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE leads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE agencies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE role_permissions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE permission_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON agency_invites TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON agency_settings TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON customers TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON projects TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON leads TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tasks TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_logs TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
-- A profile is visible to its owner, to colleagues of the same agency and to super admins.
CREATE POLICY tenant_isolation ON profiles TO nexo_app
  USING (id = (SELECT app_user_id()) OR agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin())
    OR (id = (SELECT app_user_id()) AND agency_id IS NULL));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON agencies TO nexo_app
  USING (id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
-- Roles follow the profile: visible and changeable within the user's agency.
CREATE POLICY tenant_isolation ON user_roles TO nexo_app
  USING ((SELECT app_is_super_admin()) OR user_id = (SELECT app_user_id())
    OR user_id IN (SELECT id FROM profiles WHERE agency_id = (SELECT app_agency_id())))
  WITH CHECK ((SELECT app_is_super_admin())
    OR (role <> 'super_admin' AND user_id IN (SELECT id FROM profiles WHERE agency_id = (SELECT app_agency_id()))));
--> statement-breakpoint
CREATE POLICY read_all ON role_permissions FOR SELECT TO nexo_app USING (true);
--> statement-breakpoint
CREATE POLICY super_admin_writes ON role_permissions FOR ALL TO nexo_app
  USING ((SELECT app_is_super_admin())) WITH CHECK ((SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY super_admin_only ON permission_templates TO nexo_app
  USING ((SELECT app_is_super_admin())) WITH CHECK ((SELECT app_is_super_admin()));
