-- Delivery (issue 17): the project's won deal becomes a real foreign key. The CRM purge removes
-- deals deleted over 30 days ago; the project stays (client, value, tasks and hours are its own)
-- and only loses the link: ON DELETE SET NULL. Links to deals already purged are cleared first.
-- The action's lookup (deal_id = $1) reads projects_agency_deal_idx, partial on linked projects.
UPDATE projects p SET deal_id = NULL
WHERE p.deal_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = p.deal_id);
--> statement-breakpoint
ALTER TABLE projects ADD CONSTRAINT projects_deal_id_fkey
  FOREIGN KEY (deal_id) REFERENCES leads(id) ON DELETE SET NULL;
