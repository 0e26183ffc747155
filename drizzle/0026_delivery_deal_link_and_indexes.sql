-- Delivery (issue 17): the project's won deal becomes a real foreign key. The CRM purge removes
-- deals deleted over 30 days ago; the project stays (client, value, tasks and hours are its own)
-- and only loses the link: ON DELETE SET NULL. Links to deals already purged are cleared first.
-- The action's lookup (deal_id = $1) reads projects_agency_deal_idx, partial on linked projects.
UPDATE projects p SET deal_id = NULL
WHERE p.deal_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = p.deal_id);
--> statement-breakpoint
ALTER TABLE projects ADD CONSTRAINT projects_deal_id_fkey
  FOREIGN KEY (deal_id) REFERENCES leads(id) ON DELETE SET NULL;
--> statement-breakpoint
-- The hours report sums a month of the agency's entries (a 500-person agency: ~33,000): read
-- from the index alone (after vacuum) instead of one heap visit per entry. Covers what the
-- agency-and-period index served, which it replaces.
CREATE INDEX time_entries_agency_started_cover_idx ON time_entries (agency_id, started_at)
  INCLUDE (project_id, user_id, ended_at, billable, rate_cents);
--> statement-breakpoint
DROP INDEX time_entries_agency_started_idx;
--> statement-breakpoint
-- Every timer start and manual entry asks whether the person's day on the project is locked
-- (approved and invoiced): only those entries, a small share, sit in this index.
CREATE INDEX time_entries_agency_locked_idx ON time_entries (agency_id, user_id, project_id, started_at)
  WHERE invoice_id IS NOT NULL AND approved_at IS NOT NULL;
