-- Three indexes of leads from before the CRM model (0000: the old leads screen's status, score and
-- stage name). No query filters or sorts deals by them any more: the board and the lists read the
-- stage by its id (leads_agency_board_idx and its outcome sibling), the dashboard counts an agency's
-- deals through the other indexes led by agency_id. A move rewrites the deal's order key, which is
-- indexed, so PostgreSQL adds an entry to every index of leads at each move (decision 022): these
-- three were work on every write with no reader.
DROP INDEX IF EXISTS "leads_agency_status_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "leads_agency_score_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "leads_agency_stage_idx";
