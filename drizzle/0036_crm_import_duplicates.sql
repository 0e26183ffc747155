-- CSV import at 100,000 rows (issue 16): the contacts of an agency that share an e-mail, phone or
-- document with a chunk of imported rows. Under row-level security lower(email) = ANY(...) cannot
-- use customers_agency_email_idx (lower() is not leakproof, so it runs after the row policy): each
-- chunk of 1,000 rows read every contact of the agency (200,000 in the bench's large agency). Here
-- each key probes its own index: (agency_id, lower(email)), (agency_id, phone), (agency_id, document).
--
-- What the row policy would apply is applied here: the caller's agency only (or any, for the super
-- admin) and the caller's record scope on contacts (crm_contatos; "own" = owner).
CREATE OR REPLACE FUNCTION crm_contact_duplicates(
  p_agency_id uuid, p_emails text[], p_phones text[], p_documents text[])
RETURNS TABLE (id uuid, email text, phone text, document text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_all boolean;
  v_user uuid := app_user_id();
BEGIN
  IF p_agency_id IS DISTINCT FROM app_agency_id() AND app_is_super_admin() IS NOT TRUE THEN
    RETURN;
  END IF;
  v_all := app_is_super_admin() IS TRUE OR app_scope_all('crm_contatos') IS TRUE;
  RETURN QUERY
    SELECT c.id, lower(c.email), c.phone, c.document FROM customers c
     WHERE c.agency_id = p_agency_id AND lower(c.email) = ANY(p_emails) AND c.deleted_at IS NULL
       AND (v_all OR c.owner_id = v_user)
    UNION
    SELECT c.id, lower(c.email), c.phone, c.document FROM customers c
     WHERE c.agency_id = p_agency_id AND c.phone = ANY(p_phones) AND c.deleted_at IS NULL
       AND (v_all OR c.owner_id = v_user)
    UNION
    SELECT c.id, lower(c.email), c.phone, c.document FROM customers c
     WHERE c.agency_id = p_agency_id AND c.document = ANY(p_documents) AND c.deleted_at IS NULL
       AND (v_all OR c.owner_id = v_user);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_contact_duplicates(uuid, text[], text[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_contact_duplicates(uuid, text[], text[], text[]) TO nexo_app;
