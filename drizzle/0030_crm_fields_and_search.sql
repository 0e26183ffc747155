-- CRM follow-ups of issue 16: editing custom fields and contact search under row-level security.
--
-- Whether any record of the caller's agency holds a value for a custom field, whatever the
-- caller's record scope (a manager whose role reaches only its own records must still not change
-- the type of a field other people filled). Only a boolean about the caller's own agency leaves.
CREATE OR REPLACE FUNCTION crm_custom_field_in_use(p_entity text, p_field_id uuid)
RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT CASE p_entity
    WHEN 'contact' THEN EXISTS (SELECT 1 FROM customers r WHERE r.agency_id = app_agency_id()
      AND r.custom_fields ->> p_field_id::text IS NOT NULL AND r.custom_fields ->> p_field_id::text <> '')
    WHEN 'company' THEN EXISTS (SELECT 1 FROM companies r WHERE r.agency_id = app_agency_id()
      AND r.custom_fields ->> p_field_id::text IS NOT NULL AND r.custom_fields ->> p_field_id::text <> '')
    WHEN 'deal' THEN EXISTS (SELECT 1 FROM leads r WHERE r.agency_id = app_agency_id()
      AND r.custom_fields ->> p_field_id::text IS NOT NULL AND r.custom_fields ->> p_field_id::text <> '')
    ELSE false
  END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_custom_field_in_use(text, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_custom_field_in_use(text, uuid) TO nexo_app;
--> statement-breakpoint
-- Contact search by fragment. Under row-level security the planner never uses the trigram index
-- (customers_search_trgm_idx) for the query's own `search_text LIKE`: LIKE is not leakproof, so it
-- must run after the row policy, and a rare fragment read every contact of the agency (200,000 in
-- the bench's large agency). Here the index is used, and the function applies what the policy
-- would: the caller's agency only (or any, for the super admin) and the caller's record scope on
-- crm_contatos. At most p_cap ids come out; the list reads the rows through the policy as usual.
CREATE OR REPLACE FUNCTION crm_contact_search_ids(p_agency_id uuid, p_pattern text, p_cap integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
BEGIN
  IF p_agency_id IS DISTINCT FROM app_agency_id() AND app_is_super_admin() IS NOT TRUE THEN
    RETURN;
  END IF;
  -- Dynamic SQL so each call is planned for its pattern (a cached generic plan would take every
  -- fragment as equally rare).
  RETURN QUERY EXECUTE
    'SELECT c.id FROM customers c
     WHERE c.agency_id = $1 AND c.search_text LIKE $2
       AND ((SELECT app_scope_all(''crm_contatos'')) OR c.owner_id = (SELECT app_user_id()))
     LIMIT $3'
    USING p_agency_id, p_pattern, p_cap;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_contact_search_ids(uuid, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_contact_search_ids(uuid, text, integer) TO nexo_app;
