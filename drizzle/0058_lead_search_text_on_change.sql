-- A deal's search text (0013: a stored generated column) was computed again at every update of the
-- row, and its expression planned again at every statement that updates leads: a move, which
-- changes no searched field, paid for it each time (decision 022's profile: ~5% of PostgreSQL's
-- time of a move). It is now an ordinary column kept by a trigger that runs only when a searched
-- field is written (name, e-mail, phone), or the column itself, so it cannot be set to anything
-- else. Same function, same values; the trigram index (leads_agency_search_trgm_idx) is kept.
ALTER TABLE leads ALTER COLUMN search_text DROP EXPRESSION;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_lead_search_text() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  NEW.search_text := public.crm_search_text(NEW.name, NEW.email, NEW.phone, NULL);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_search_text BEFORE INSERT OR UPDATE OF name, email, phone, search_text ON leads
FOR EACH ROW EXECUTE FUNCTION crm_lead_search_text();
