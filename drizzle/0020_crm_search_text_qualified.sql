-- crm_search_text (0013) called crm_fold unqualified. pg_dump restores with an empty search_path,
-- and the contacts' generated search column calls crm_search_text, so a dump of the database did
-- not restore (the PGlite 0.3 → 0.5 upgrade failed). Same result, the call schema-qualified.
-- Fixes forward what an edit of the landed 0013 had done.
CREATE OR REPLACE FUNCTION crm_search_text(p_name text, p_email text, p_phone text, p_document text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.crm_fold(p_name) || ' ' || public.crm_fold(p_email) || ' '
    || regexp_replace(coalesce(p_phone, ''), '\D', '', 'g') || ' '
    || regexp_replace(coalesce(p_document, ''), '\D', '', 'g')
$$;
