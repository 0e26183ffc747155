-- The global search's quotes and invoices in one statement each. Their sources read the matching
-- clients' ids (finance_client_search_ids, 0038) into the app and sent them back as an array
-- parameter: for a short fragment ("ta") 2,536 ids went out as rows and came back twice, and the
-- app's share of that (reading the rows, writing the arrays, one more round trip) was a third of
-- the search. These functions keep the ids in the server and plan the search with them as a value
-- (EXECUTE … USING plans for the actual array, so many clients walk the newest-first order and
-- few walk each client's rows, as the app's parameter did). SECURITY INVOKER: the rows are read
-- through the caller's row policies.
CREATE FUNCTION finance_invoice_search_ids(p_agency_id uuid, p_pattern text, p_number integer, p_limit integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = public, pg_temp ROWS 20 AS $$
DECLARE
  v_clients uuid[] := ARRAY(SELECT finance_client_search_ids(p_pattern, 10000));
BEGIN
  RETURN QUERY EXECUTE
    'SELECT i.id FROM invoices i
     WHERE i.agency_id = $1 AND (i.number = $2 OR i.company_id = ANY($3))
     ORDER BY i.created_at DESC, i.id DESC
     LIMIT $4'
    USING p_agency_id, p_number, v_clients, p_limit;
END
$$;
--> statement-breakpoint
CREATE FUNCTION finance_quote_search_ids(p_agency_id uuid, p_pattern text, p_limit integer)
RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = public, pg_temp ROWS 20 AS $$
DECLARE
  v_clients uuid[] := ARRAY(SELECT finance_client_search_ids(p_pattern, 10000));
  v_titled uuid[] := ARRAY(SELECT quote_search_ids(p_pattern, p_limit));
BEGIN
  RETURN QUERY EXECUTE
    'SELECT q.id FROM quotes q
     WHERE q.agency_id = $1 AND (q.id = ANY($2) OR q.company_id = ANY($3))
     ORDER BY q.created_at DESC, q.id DESC
     LIMIT $4'
    USING p_agency_id, v_titled, v_clients, p_limit;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION finance_invoice_search_ids(uuid, text, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION finance_invoice_search_ids(uuid, text, integer, integer) TO nexo_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION finance_quote_search_ids(uuid, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION finance_quote_search_ids(uuid, text, integer) TO nexo_app;
