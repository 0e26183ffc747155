-- CRM QA pass (duplicates, phones, filters).
--
-- 1. A Brazilian phone as E.164, as src/domain/crm/phone.ts toE164 reads it: the digits, the trunk
--    zeros dropped, a leading 55 (country code) dropped from 12 or more digits; then DDD (11-99)
--    and 8 digits, or DDD, 9 and 8 digits. Null when it is not one. The seed and the first CRM
--    rows stored phones as typed ("(31) 98888-7766"); the duplicate check compares E.164, so
--    they never matched. Those that are valid Brazilian numbers become E.164; others stay as typed.
CREATE OR REPLACE FUNCTION crm_phone_e164(p text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d ~ '^(1[1-9]|[2-9][0-9])([0-9]{8}|9[0-9]{8})$' THEN '+55' || d END
    FROM (SELECT CASE WHEN length(x) >= 12 AND x LIKE '55%' THEN substr(x, 3) ELSE x END AS d
            FROM (SELECT ltrim(regexp_replace(coalesce(p, ''), '\D', '', 'g'), '0') AS x) digits) national
$$;
--> statement-breakpoint
UPDATE customers
   SET phone = coalesce(public.crm_phone_e164(phone), phone),
       whatsapp = coalesce(public.crm_phone_e164(whatsapp), whatsapp)
 WHERE phone IS DISTINCT FROM coalesce(public.crm_phone_e164(phone), phone)
    OR whatsapp IS DISTINCT FROM coalesce(public.crm_phone_e164(whatsapp), whatsapp);
--> statement-breakpoint
UPDATE companies
   SET phone = public.crm_phone_e164(phone)
 WHERE public.crm_phone_e164(phone) IS NOT NULL AND phone <> public.crm_phone_e164(phone);
--> statement-breakpoint
-- 2. Duplicates are agency-wide, whatever the caller's record scope: a closer ("own") must be
--    warned about a contact or company of another owner that row-level security hides from them.
--    These answer only which records of the caller's own agency share one of the given keys, and
--    on which key (a key the caller sent): never a name or any other column. The caller then reads
--    the ones in its reach through the row policy; the others are only counted as hidden.
CREATE OR REPLACE FUNCTION crm_contact_duplicate_keys(
  p_agency_id uuid, p_emails text[], p_phones text[], p_documents text[])
RETURNS TABLE (id uuid, kind text, key text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF p_agency_id IS DISTINCT FROM app_agency_id() AND app_is_super_admin() IS NOT TRUE THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT c.id, 'email'::text, lower(c.email) FROM customers c
     WHERE c.agency_id = p_agency_id AND lower(c.email) = ANY(p_emails) AND c.deleted_at IS NULL
    UNION ALL
    SELECT c.id, 'phone'::text, c.phone FROM customers c
     WHERE c.agency_id = p_agency_id AND c.phone = ANY(p_phones) AND c.deleted_at IS NULL
    UNION ALL
    SELECT c.id, 'document'::text, c.document FROM customers c
     WHERE c.agency_id = p_agency_id AND c.document = ANY(p_documents) AND c.deleted_at IS NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_contact_duplicate_keys(uuid, text[], text[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_contact_duplicate_keys(uuid, text[], text[], text[]) TO nexo_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_company_duplicate_ids(p_agency_id uuid, p_document text)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF p_agency_id IS DISTINCT FROM app_agency_id() AND app_is_super_admin() IS NOT TRUE THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT co.id FROM companies co
     WHERE co.agency_id = p_agency_id AND co.document = p_document AND co.deleted_at IS NULL
     LIMIT 5;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION crm_company_duplicate_ids(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION crm_company_duplicate_ids(uuid, text) TO nexo_app;
--> statement-breakpoint
-- 3. The Origem and Tag filters ignore case and accents. The folded values are kept in the row
--    (as companies.name_folded, 0038): under row-level security a filter on crm_fold(source) could
--    not use an index (lower() is not leakproof), while source_folded = $1 (texteq is) reads
--    (agency_id, source_folded). Tags are compared folded too; array containment is not leakproof
--    either, so for a member it stays a filter over the agency's rows, as the exact one was.
CREATE OR REPLACE FUNCTION crm_fold_tags(p text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(public.crm_fold(t)), '{}') FROM unnest(p) t
$$;
--> statement-breakpoint
ALTER TABLE customers
  ADD COLUMN source_folded text GENERATED ALWAYS AS (public.crm_fold(source)) STORED,
  ADD COLUMN tags_folded text[] GENERATED ALWAYS AS (public.crm_fold_tags(tags)) STORED;
--> statement-breakpoint
ALTER TABLE companies ADD COLUMN tags_folded text[] GENERATED ALWAYS AS (public.crm_fold_tags(tags)) STORED;
--> statement-breakpoint
CREATE INDEX customers_agency_source_folded_idx ON customers (agency_id, source_folded);
--> statement-breakpoint
-- 4. The import's error report carries the user's own CSV columns in the file's order (jsonb keeps
--    an object's keys in its own order, not the file's): the header is kept with the import.
ALTER TABLE crm_imports ADD COLUMN columns text[] NOT NULL DEFAULT '{}';
