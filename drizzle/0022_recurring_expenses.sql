-- Issue 18 §6: a recurring expense (mensal, anual) is copied once per period by a background job.
-- A copy points at the expense it repeats and names its period; the unique index makes "once"
-- the database's rule, whichever server or run gets there first. Ending a recurrence sets the
-- original's recurrence back to 'nenhuma'; the copies already made stay as they were.
ALTER TABLE expenses ADD COLUMN recurs_from uuid REFERENCES expenses(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE expenses ADD COLUMN period_key text;
--> statement-breakpoint
CREATE UNIQUE INDEX expenses_recurrence_period_uq ON expenses (recurs_from, period_key) WHERE recurs_from IS NOT NULL;
--> statement-breakpoint
-- The job reads the recurring originals of every agency each hour: only those rows.
CREATE INDEX expenses_recurring_idx ON expenses (agency_id) WHERE recurrence <> 'nenhuma' AND recurs_from IS NULL;
