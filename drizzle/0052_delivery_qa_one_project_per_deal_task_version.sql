-- Delivery QA (outside report of 2026-11-29, defects 1, 6 and 8).
--
-- 1. One live project per won deal. Parallel "criar projeto" clicks each passed the action's
--    check (no live project yet) and each inserted one: the same deal became three or four
--    projects, and its value was counted as budget three or four times. The index below makes
--    the second insert fail (the action answers 409 "Este negócio já tem um projeto.").
--    Databases that already hold such copies: the oldest live project of each deal (created_at,
--    then id) keeps the link; the later copies only lose deal_id. Nothing is deleted: their
--    tasks, hours and budget stay, and the agency decides which copy to remove. A deleted project
--    does not count, so a deal whose project was deleted may get a new one.
UPDATE projects p SET deal_id = NULL
 WHERE p.deal_id IS NOT NULL AND p.deleted_at IS NULL
   AND EXISTS (SELECT 1 FROM projects older
                WHERE older.agency_id = p.agency_id AND older.deal_id = p.deal_id AND older.deleted_at IS NULL
                  AND (older.created_at, older.id) < (p.created_at, p.id));
--> statement-breakpoint
CREATE UNIQUE INDEX projects_agency_deal_unique_idx ON projects (agency_id, deal_id)
  WHERE deal_id IS NOT NULL AND deleted_at IS NULL;
--> statement-breakpoint
-- 6. Which deals of the agency already have a live project, whatever the caller's record scope:
--    "Novo projeto › De um negócio ganho" must not offer a deal whose project row-level security
--    hides from the caller. It answers deal ids only (the caller reads the deals themselves through
--    their own row policy), and only for the caller's agency.
CREATE OR REPLACE FUNCTION delivery_deal_ids_with_project(p_agency_id uuid)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF p_agency_id IS DISTINCT FROM app_agency_id() AND app_is_super_admin() IS NOT TRUE THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT p.deal_id FROM projects p
     WHERE p.agency_id = p_agency_id AND p.deal_id IS NOT NULL AND p.deleted_at IS NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION delivery_deal_ids_with_project(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION delivery_deal_ids_with_project(uuid) TO nexo_app;
--> statement-breakpoint
-- 8. Two people editing one task (its checklist is saved whole) overwrote each other's changes.
--    Every change of a task raises its version; an edit made on an older version is refused with
--    409, as CRM records are (leads.version).
ALTER TABLE tasks ADD COLUMN version integer NOT NULL DEFAULT 1;
