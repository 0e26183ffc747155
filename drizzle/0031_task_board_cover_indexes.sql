-- The task board of a 2,000-task project (issue 17) reads its cards' assignees and dependencies
-- by task id. The assignees' (agency_id, task_id) index sent each of the 2,000 probes on to the
-- heap for who and since when; covering user_id and created_at, the probes read the index alone
-- (after vacuum). The same for what each card waits for. Each covering index replaces the plain
-- one it extends (every lookup that used the old one is served by the new one).
CREATE INDEX task_assignees_agency_task_cover_idx ON task_assignees (agency_id, task_id)
  INCLUDE (user_id, created_at);
--> statement-breakpoint
DROP INDEX task_assignees_agency_task_idx;
--> statement-breakpoint
CREATE INDEX task_dependencies_agency_task_cover_idx ON task_dependencies (agency_id, task_id)
  INCLUDE (depends_on_id);
--> statement-breakpoint
DROP INDEX task_dependencies_agency_task_idx;
