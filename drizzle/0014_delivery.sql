-- Delivery (issue 17): projects for client companies with members, tasks with several assignees
-- on a Kanban ordered by position keys, comments, meetings, time entries with ONE running timer
-- per user (a partial unique index), hourly rates, project templates and private calendar feeds.
-- Existing projects and tasks are carried over.

-- Projects: client company, deal, budget in centavos and hours, tags, soft delete, statuses in pt-BR.
ALTER TABLE projects ADD COLUMN company_id uuid REFERENCES companies(id) ON DELETE SET NULL;
--> statement-breakpoint
-- The CRM's deal (migration 0013); no foreign key until the deals table is known on main.
ALTER TABLE projects ADD COLUMN deal_id uuid;
--> statement-breakpoint
ALTER TABLE projects ADD COLUMN budget_cents bigint NOT NULL DEFAULT 0 CHECK (budget_cents >= 0);
--> statement-breakpoint
ALTER TABLE projects ADD COLUMN budget_hours numeric(10, 2) NOT NULL DEFAULT 0 CHECK (budget_hours >= 0);
--> statement-breakpoint
ALTER TABLE projects ADD COLUMN hourly_rate_cents bigint CHECK (hourly_rate_cents >= 0);
--> statement-breakpoint
ALTER TABLE projects ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
ALTER TABLE projects ADD COLUMN created_by uuid REFERENCES "user"(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE projects ADD COLUMN deleted_at timestamptz;
--> statement-breakpoint
UPDATE projects SET budget_cents = round(budget * 100)::bigint;
--> statement-breakpoint
ALTER TABLE projects DROP COLUMN budget;
--> statement-breakpoint
UPDATE projects SET status = CASE status
  WHEN 'planning' THEN 'planejamento'
  WHEN 'in_progress' THEN 'em_andamento'
  WHEN 'active' THEN 'em_andamento'
  WHEN 'on_hold' THEN 'pausado'
  WHEN 'paused' THEN 'pausado'
  WHEN 'completed' THEN 'concluido'
  WHEN 'done' THEN 'concluido'
  WHEN 'cancelled' THEN 'cancelado'
  WHEN 'canceled' THEN 'cancelado'
  ELSE 'planejamento' END;
--> statement-breakpoint
ALTER TABLE projects ALTER COLUMN status SET DEFAULT 'planejamento';
--> statement-breakpoint
ALTER TABLE projects ADD CONSTRAINT projects_status_check
  CHECK (status IN ('planejamento', 'em_andamento', 'pausado', 'concluido', 'cancelado'));
--> statement-breakpoint
-- A project's contact becomes a client company: the contact's company name, else its own name.
INSERT INTO companies (agency_id, name, email, phone, owner_id)
SELECT DISTINCT ON (c.agency_id, lower(coalesce(nullif(trim(c.company), ''), c.name)))
  c.agency_id, coalesce(nullif(trim(c.company), ''), c.name), c.email, c.phone, c.owner_id
FROM projects p JOIN customers c ON c.id = p.customer_id AND c.agency_id = p.agency_id
WHERE NOT EXISTS (SELECT 1 FROM companies co WHERE co.agency_id = c.agency_id
  AND lower(co.name) = lower(coalesce(nullif(trim(c.company), ''), c.name)) AND co.deleted_at IS NULL);
--> statement-breakpoint
UPDATE projects p SET company_id = (
  SELECT co.id FROM customers c JOIN companies co ON co.agency_id = c.agency_id
    AND lower(co.name) = lower(coalesce(nullif(trim(c.company), ''), c.name)) AND co.deleted_at IS NULL
  WHERE c.id = p.customer_id AND c.agency_id = p.agency_id ORDER BY co.created_at, co.id LIMIT 1)
WHERE p.customer_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX projects_agency_company_idx ON projects (agency_id, company_id);
--> statement-breakpoint
CREATE INDEX projects_agency_owner_idx ON projects (agency_id, owner_id);
--> statement-breakpoint
CREATE INDEX projects_agency_deal_idx ON projects (agency_id, deal_id) WHERE deal_id IS NOT NULL;
--> statement-breakpoint
CREATE TABLE project_members (
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id)
);
--> statement-breakpoint
CREATE INDEX project_members_agency_user_idx ON project_members (agency_id, user_id, project_id);
--> statement-breakpoint
CREATE INDEX project_members_agency_project_idx ON project_members (agency_id, project_id);
--> statement-breakpoint
-- Tasks: several assignees, a position key per board column, checklist, recurrence.
ALTER TABLE tasks ADD COLUMN position text COLLATE "C" NOT NULL DEFAULT 'a0';
--> statement-breakpoint
ALTER TABLE tasks ADD COLUMN checklist jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE tasks ADD COLUMN recurrence text CHECK (recurrence IN ('weekly', 'monthly'));
--> statement-breakpoint
-- The task a recurring one spawned when done: set once, so finishing it twice spawns one successor.
ALTER TABLE tasks ADD COLUMN next_occurrence_id uuid REFERENCES tasks(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE tasks ADD COLUMN milestone boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE tasks ADD COLUMN created_by uuid REFERENCES "user"(id) ON DELETE SET NULL;
--> statement-breakpoint
UPDATE tasks SET status = CASE WHEN status IN ('pending', 'in_progress', 'review', 'completed') THEN status
  WHEN status IN ('done', 'concluida') THEN 'completed' ELSE 'pending' END;
--> statement-breakpoint
UPDATE tasks SET priority = 'media' WHERE priority NOT IN ('alta', 'media', 'baixa');
--> statement-breakpoint
ALTER TABLE tasks ADD CONSTRAINT tasks_status_check CHECK (status IN ('pending', 'in_progress', 'review', 'completed'));
--> statement-breakpoint
ALTER TABLE tasks ADD CONSTRAINT tasks_priority_check CHECK (priority IN ('alta', 'media', 'baixa'));
--> statement-breakpoint
-- Existing rows get distinct keys per board column in creation order ('c' + 3 base-62 digits).
UPDATE tasks t SET position = 'c' || substr(d.digits, (r.n / 3844) % 62 + 1, 1)
  || substr(d.digits, (r.n / 62) % 62 + 1, 1) || substr(d.digits, r.n % 62 + 1, 1)
FROM (SELECT id, (row_number() OVER (PARTITION BY agency_id, project_id, status ORDER BY created_at, id))::int AS n
      FROM tasks) r,
     (SELECT '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'::text AS digits) d
WHERE r.id = t.id;
--> statement-breakpoint
CREATE INDEX tasks_agency_board_idx ON tasks (agency_id, project_id, status, position);
--> statement-breakpoint
CREATE TABLE task_assignees (
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, user_id)
);
--> statement-breakpoint
CREATE INDEX task_assignees_agency_user_idx ON task_assignees (agency_id, user_id, task_id);
--> statement-breakpoint
CREATE INDEX task_assignees_agency_task_idx ON task_assignees (agency_id, task_id);
--> statement-breakpoint
INSERT INTO task_assignees (agency_id, task_id, user_id)
SELECT agency_id, id, assignee_id FROM tasks WHERE assignee_id IS NOT NULL;
--> statement-breakpoint
-- Owners and assignees of existing work become members of its project.
INSERT INTO project_members (agency_id, project_id, user_id)
SELECT agency_id, id, owner_id FROM projects WHERE owner_id IS NOT NULL
UNION
SELECT agency_id, project_id, assignee_id FROM tasks WHERE project_id IS NOT NULL AND assignee_id IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE task_dependencies (
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  depends_on_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  PRIMARY KEY (task_id, depends_on_id),
  CHECK (task_id <> depends_on_id)
);
--> statement-breakpoint
CREATE INDEX task_dependencies_agency_task_idx ON task_dependencies (agency_id, task_id);
--> statement-breakpoint
CREATE TABLE task_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  author_id uuid REFERENCES "user"(id) ON DELETE SET NULL,
  body text NOT NULL,
  mentions uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX task_comments_agency_task_idx ON task_comments (agency_id, task_id, created_at, id);
--> statement-breakpoint
CREATE TABLE meetings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  title text NOT NULL,
  description text,
  location text,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  project_id uuid REFERENCES projects(id) ON DELETE SET NULL,
  -- The CRM's contact and deal (migration 0013); linked by id, the timeline records on them.
  contact_id uuid,
  deal_id uuid,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
--> statement-breakpoint
CREATE INDEX meetings_agency_starts_idx ON meetings (agency_id, starts_at);
--> statement-breakpoint
CREATE INDEX meetings_agency_project_idx ON meetings (agency_id, project_id);
--> statement-breakpoint
CREATE TABLE meeting_attendees (
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  meeting_id uuid NOT NULL REFERENCES meetings(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  PRIMARY KEY (meeting_id, user_id)
);
--> statement-breakpoint
CREATE INDEX meeting_attendees_agency_user_idx ON meeting_attendees (agency_id, user_id, meeting_id);
--> statement-breakpoint
CREATE TABLE time_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  -- A deleted project is soft-deleted (projects.deleted_at): its entries keep pointing at it.
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE RESTRICT,
  task_id uuid REFERENCES tasks(id) ON DELETE SET NULL,
  description text,
  started_at timestamptz NOT NULL,
  -- NULL while the timer runs.
  ended_at timestamptz,
  billable boolean NOT NULL DEFAULT true,
  -- The hourly rate in force when the entry was closed (project's, else the user's).
  rate_cents bigint NOT NULL DEFAULT 0 CHECK (rate_cents >= 0),
  approved_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  approved_at timestamptz,
  -- Set by finance when an invoice takes the entry; NULL is "not invoiced".
  invoice_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT time_entries_end_after_start CHECK (ended_at IS NULL OR ended_at > started_at),
  CONSTRAINT time_entries_at_most_a_day CHECK (ended_at IS NULL OR ended_at - started_at <= interval '24 hours')
);
--> statement-breakpoint
-- One running timer per user, whatever the device or the race: the database refuses a second.
CREATE UNIQUE INDEX time_entries_one_running_idx ON time_entries (user_id) WHERE ended_at IS NULL;
--> statement-breakpoint
CREATE INDEX time_entries_agency_user_started_idx ON time_entries (agency_id, user_id, started_at);
--> statement-breakpoint
CREATE INDEX time_entries_agency_project_started_idx ON time_entries (agency_id, project_id, started_at);
--> statement-breakpoint
CREATE INDEX time_entries_agency_started_idx ON time_entries (agency_id, started_at);
--> statement-breakpoint
CREATE INDEX time_entries_agency_uninvoiced_idx ON time_entries (agency_id, project_id)
  WHERE invoice_id IS NULL AND approved_at IS NOT NULL AND billable;
--> statement-breakpoint
CREATE TABLE user_hourly_rates (
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  rate_cents bigint NOT NULL CHECK (rate_cents >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, user_id)
);
--> statement-breakpoint
CREATE TABLE project_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  budget_hours numeric(10, 2) NOT NULL DEFAULT 0,
  -- [{ title, description, priority, dueInDays }]
  tasks jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX project_templates_agency_created_idx ON project_templates (agency_id, created_at, id);
--> statement-breakpoint
-- A user's private iCalendar feed: only the SHA-256 of its secret is kept; a new one revokes the old.
CREATE TABLE calendar_feeds (
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, user_id)
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON project_members, task_assignees, task_dependencies, task_comments,
  meetings, meeting_attendees, time_entries, user_hourly_rates, project_templates, calendar_feeds TO nexo_app;
--> statement-breakpoint
ALTER TABLE project_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE task_assignees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE task_assignees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE task_dependencies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE task_dependencies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE task_comments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE task_comments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meetings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meetings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meeting_attendees ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meeting_attendees FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE time_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE time_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_hourly_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_hourly_rates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE calendar_feeds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE calendar_feeds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Link tables and agency-wide lists: the agency's rows.
CREATE POLICY tenant_isolation ON project_members TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON task_assignees TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON task_dependencies TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON meeting_attendees TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_hourly_rates TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_templates TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
-- Feeds: the agency's rows (only a hash of each secret is stored; the query layer reads the caller's own).
CREATE POLICY tenant_isolation ON calendar_feeds TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
-- Record scope (projects): all of the agency's, or those the caller owns or is a member of.
DROP POLICY tenant_isolation ON projects;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON projects TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('projects')) OR owner_id = (SELECT app_user_id())
      OR id IN (SELECT pm.project_id FROM project_members pm
                WHERE pm.agency_id = (SELECT app_agency_id()) AND pm.user_id = (SELECT app_user_id())))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
-- Tasks: all, or those of the caller's projects, assigned to it or created by it.
DROP POLICY tenant_isolation ON tasks;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tasks TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('projetos_tarefas')) OR created_by = (SELECT app_user_id())
      OR project_id IN (SELECT pm.project_id FROM project_members pm
                        WHERE pm.agency_id = (SELECT app_agency_id()) AND pm.user_id = (SELECT app_user_id()))
      OR id IN (SELECT ta.task_id FROM task_assignees ta
                WHERE ta.agency_id = (SELECT app_agency_id()) AND ta.user_id = (SELECT app_user_id())))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
-- Comments follow their task.
CREATE POLICY tenant_isolation ON task_comments TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND task_id IN (SELECT t.id FROM tasks t WHERE t.agency_id = (SELECT app_agency_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
-- Meetings: all, or those the caller scheduled or attends.
CREATE POLICY tenant_isolation ON meetings TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('projetos_calendario')) OR created_by = (SELECT app_user_id())
      OR id IN (SELECT ma.meeting_id FROM meeting_attendees ma
                WHERE ma.agency_id = (SELECT app_agency_id()) AND ma.user_id = (SELECT app_user_id())))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
-- Time: all of the agency's, or the caller's own.
CREATE POLICY tenant_isolation ON time_entries TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('projetos_tempo')) OR user_id = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
-- Companies (0009) plus: whoever may view projects sees the client company of the projects it reaches.
DROP POLICY tenant_isolation ON companies;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON companies TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('crm_contatos')) OR owner_id = (SELECT app_user_id())
      OR ((SELECT has_permission((SELECT app_user_id()), 'projects', 'view'))
          AND id IN (SELECT p.company_id FROM projects p
                     WHERE p.agency_id = (SELECT app_agency_id()) AND p.company_id IS NOT NULL)))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
-- Who a calendar feed secret belongs to, for the public feed route (no session, no tenant yet):
-- only the SHA-256 of the secret goes in, only the owner's context comes out.
CREATE OR REPLACE FUNCTION app_calendar_feed_owner(p_token_hash text)
RETURNS TABLE (user_id uuid, agency_id uuid, role text, timezone text, agency_name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT f.user_id, f.agency_id, coalesce(ur.role, 'user'), a.timezone, a.name
  FROM calendar_feeds f
  JOIN profiles p ON p.id = f.user_id AND p.agency_id = f.agency_id
  JOIN agencies a ON a.id = f.agency_id
  LEFT JOIN user_roles ur ON ur.user_id = f.user_id
  WHERE f.token_hash = p_token_hash
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_calendar_feed_owner(text) TO nexo_app;
