-- The hourly purge (purge-deleted-records.ts) looks for rows deleted over 30 days ago. Only the
-- deleted rows are in these partial indexes, so it reads them instead of scanning the tables; the
-- lists' "excluídos" filter (deleted = 1) uses them too. customers has had its own since 0013.
CREATE INDEX companies_agency_deleted_idx ON companies (agency_id, deleted_at) WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX leads_agency_deleted_idx ON leads (agency_id, deleted_at) WHERE deleted_at IS NOT NULL;
