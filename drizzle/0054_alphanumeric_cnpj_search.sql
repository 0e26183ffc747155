-- Since July 2026 the Receita Federal assigns alphanumeric CNPJs (letters in the first 12
-- characters). A document is now stored as its letters and digits (upper case); the contacts' and
-- companies' search text kept only its digits, so "12ABC" found nothing. Same text as 0020 for
-- every document stored so far (they are all digits), so no stored search text changes.
CREATE OR REPLACE FUNCTION crm_search_text(p_name text, p_email text, p_phone text, p_document text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.crm_fold(p_name) || ' ' || public.crm_fold(p_email) || ' '
    || regexp_replace(coalesce(p_phone, ''), '\D', '', 'g') || ' '
    || lower(regexp_replace(coalesce(p_document, ''), '[^0-9A-Za-z]', '', 'g'))
$$;
