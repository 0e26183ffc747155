-- The agency dashboard, which every member opens first, read every open task and every contact of
-- the agency on each load: at the bench's large agency (200,000 contacts, 150,000 open tasks) its
-- statements took 230–240 ms, 119 ms of them sorting open tasks for the five most urgent and 85 ms
-- counting contacts through their heap pages.
--
-- The priority list's order (alta, media, baixa, then the nearest due date, then id) as an index of
-- the open tasks: the five are the index's first entries. The CASE is the query's own
-- (features/dashboard/cards/priority-tasks-card.ts); the planner matches it only when identical.
CREATE INDEX tasks_agency_open_priority_idx ON tasks
  (agency_id, (CASE priority WHEN 'alta' THEN 0 WHEN 'media' THEN 1 WHEN 'baixa' THEN 2 ELSE 3 END), due_date, id)
  WHERE status <> 'completed';
--> statement-breakpoint
-- The contacts card counts the live contacts and the active ones; with the owner (the record scope
-- and row-level security read it) every column the count reads is here, so it scans the index
-- alone.
CREATE INDEX customers_agency_live_status_idx ON customers (agency_id, status, owner_id) WHERE deleted_at IS NULL;
