-- CRM (issue 16, decision 014): customers become the CRM's contacts and leads its deals (the
-- tables keep their names, so projects.customer_id and every existing row stay as they are);
-- pipelines with ordered stages, custom fields, saved views, CSV imports; record scope in RLS.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower case without accents: the text every CRM search compares (the web's query goes through
-- the same mapping in src/domain/crm/search-text.ts). translate() because unaccent is not on PGlite.
CREATE OR REPLACE FUNCTION crm_fold(p text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(coalesce(p, '')),
    'áàâãäåéèêëíìîïóòôõöúùûüçñý',
    'aaaaaaeeeeiiiiooooouuuucny')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_search_text(p_name text, p_email text, p_phone text, p_document text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT crm_fold(p_name) || ' ' || crm_fold(p_email) || ' '
    || regexp_replace(coalesce(p_phone, ''), '\D', '', 'g') || ' '
    || regexp_replace(coalesce(p_document, ''), '\D', '', 'g')
$$;
--> statement-breakpoint
-- Pipelines and their ordered stages (name, colour, win probability).
CREATE TABLE pipelines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX pipelines_agency_idx ON pipelines (agency_id, position, id);
--> statement-breakpoint
CREATE TABLE pipeline_stages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  pipeline_id uuid NOT NULL REFERENCES pipelines(id) ON DELETE CASCADE,
  name text NOT NULL,
  color text NOT NULL DEFAULT 'blue',
  win_probability integer NOT NULL DEFAULT 0 CHECK (win_probability BETWEEN 0 AND 100),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX pipeline_stages_agency_pipeline_idx ON pipeline_stages (agency_id, pipeline_id, position);
--> statement-breakpoint
-- The spec's five stages (§2.10), for a new agency (trigger below) and every existing one.
CREATE OR REPLACE FUNCTION crm_create_default_pipeline(p_agency uuid) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_pipeline uuid;
BEGIN
  INSERT INTO pipelines (agency_id, name, position) VALUES (p_agency, 'Vendas', 0) RETURNING id INTO v_pipeline;
  INSERT INTO pipeline_stages (agency_id, pipeline_id, name, color, win_probability, position) VALUES
    (p_agency, v_pipeline, 'leads', 'gray', 10, 0),
    (p_agency, v_pipeline, 'qualificados', 'blue', 25, 1),
    (p_agency, v_pipeline, 'proposta', 'violet', 50, 2),
    (p_agency, v_pipeline, 'negociacao', 'orange', 75, 3),
    (p_agency, v_pipeline, 'fechados', 'green', 100, 4);
  RETURN v_pipeline;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_agency_gets_pipeline() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM crm_create_default_pipeline(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER agency_gets_pipeline AFTER INSERT ON agencies
FOR EACH ROW EXECUTE FUNCTION crm_agency_gets_pipeline();
--> statement-breakpoint
SELECT crm_create_default_pipeline(id) FROM agencies;
--> statement-breakpoint
-- Companies: tags, custom fields, search, version.
ALTER TABLE companies
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    crm_search_text(name || ' ' || coalesce(legal_name, ''), email, phone, document)) STORED;
--> statement-breakpoint
CREATE INDEX companies_search_trgm_idx ON companies USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX companies_agency_name_idx ON companies (agency_id, name, id);
--> statement-breakpoint
-- Contacts (customers): the fields a Brazilian agency expects; statuses lead/cliente/ativo/inativo.
ALTER TABLE customers
  ADD COLUMN company_id uuid REFERENCES companies(id) ON DELETE SET NULL,
  ADD COLUMN whatsapp text,
  ADD COLUMN city text,
  ADD COLUMN state text,
  ADD COLUMN source text,
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN search_text text GENERATED ALWAYS AS (crm_search_text(name, email, phone, document)) STORED;
--> statement-breakpoint
-- Statuses of rows written before the CRM (English words) in the spec's terms; an unknown one is kept in custom_fields.
UPDATE customers SET
  custom_fields = CASE WHEN status IN ('active', 'inactive', 'lead', 'customer', 'client', 'ativo', 'inativo', 'cliente')
    THEN custom_fields ELSE custom_fields || jsonb_build_object('legacy_status', status) END,
  status = CASE status
    WHEN 'active' THEN 'ativo' WHEN 'inactive' THEN 'inativo' WHEN 'customer' THEN 'cliente' WHEN 'client' THEN 'cliente'
    WHEN 'lead' THEN 'lead' WHEN 'ativo' THEN 'ativo' WHEN 'inativo' THEN 'inativo' WHEN 'cliente' THEN 'cliente'
    ELSE 'ativo' END;
--> statement-breakpoint
ALTER TABLE customers ALTER COLUMN status SET DEFAULT 'lead';
--> statement-breakpoint
ALTER TABLE customers ADD CONSTRAINT customers_status_check CHECK (status IN ('lead', 'cliente', 'ativo', 'inativo'));
--> statement-breakpoint
CREATE INDEX customers_search_trgm_idx ON customers USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX customers_agency_name_idx ON customers (agency_id, name, id);
--> statement-breakpoint
CREATE INDEX customers_agency_company_idx ON customers (agency_id, company_id);
--> statement-breakpoint
CREATE INDEX customers_agency_email_idx ON customers (agency_id, lower(email));
--> statement-breakpoint
CREATE INDEX customers_agency_phone_idx ON customers (agency_id, phone);
--> statement-breakpoint
CREATE INDEX customers_agency_document_idx ON customers (agency_id, document);
--> statement-breakpoint
CREATE INDEX customers_agency_source_idx ON customers (agency_id, source);
--> statement-breakpoint
CREATE INDEX customers_tags_idx ON customers USING gin (tags);
--> statement-breakpoint
CREATE INDEX customers_agency_deleted_idx ON customers (agency_id, deleted_at) WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
-- Deals (leads): on a pipeline stage, ordered by a fractional key (COLLATE "C": the keys compare
-- byte by byte), money in centavos, an explicit outcome.
ALTER TABLE leads
  ADD COLUMN pipeline_id uuid REFERENCES pipelines(id) ON DELETE CASCADE,
  ADD COLUMN stage_id uuid REFERENCES pipeline_stages(id) ON DELETE RESTRICT,
  ADD COLUMN position text COLLATE "C" NOT NULL DEFAULT 'a0',
  ADD COLUMN value_cents bigint NOT NULL DEFAULT 0 CHECK (value_cents >= 0),
  ADD COLUMN contact_id uuid REFERENCES customers(id) ON DELETE SET NULL,
  ADD COLUMN company_id uuid REFERENCES companies(id) ON DELETE SET NULL,
  ADD COLUMN expected_close_on date,
  ADD COLUMN outcome text NOT NULL DEFAULT 'open' CHECK (outcome IN ('open', 'won', 'lost')),
  ADD COLUMN lost_reason text,
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN stage_entered_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN search_text text GENERATED ALWAYS AS (crm_search_text(name, email, phone, NULL)) STORED;
--> statement-breakpoint
-- Existing deals: the agency's pipeline, the stage of the same name (else the first), value in
-- centavos, and order keys "c" + three base-62 digits in creation order within each stage.
UPDATE leads l SET
  pipeline_id = s.pipeline_id,
  stage_id = s.id,
  value_cents = coalesce(round(l.estimated_value * 100), 0)::bigint,
  stage_entered_at = l.updated_at
FROM pipeline_stages s
JOIN pipelines p ON p.id = s.pipeline_id
WHERE p.agency_id = l.agency_id
  AND s.position = coalesce(
    (SELECT s2.position FROM pipeline_stages s2 WHERE s2.pipeline_id = p.id AND s2.name = l.stage), 0);
--> statement-breakpoint
UPDATE leads l SET position = 'c'
  || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (o.n / 3844) % 62 + 1, 1)
  || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (o.n / 62) % 62 + 1, 1)
  || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', o.n % 62 + 1, 1)
FROM (SELECT id, (row_number() OVER (PARTITION BY stage_id ORDER BY created_at, id) - 1)::int AS n FROM leads) o
WHERE o.id = l.id;
--> statement-breakpoint
ALTER TABLE leads ALTER COLUMN pipeline_id SET NOT NULL, ALTER COLUMN stage_id SET NOT NULL;
--> statement-breakpoint
-- A deal's pipeline follows its stage, and the old `stage` text keeps the stage's name for the
-- readers written before the CRM; an insert without a stage (older code) lands in the stage of that
-- name of the agency's first pipeline, else its first stage.
CREATE OR REPLACE FUNCTION crm_deal_stage() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_stage record;
BEGIN
  IF NEW.stage_id IS NULL THEN
    SELECT s.id INTO NEW.stage_id FROM pipeline_stages s
    WHERE s.agency_id = NEW.agency_id
      AND s.pipeline_id = (SELECT p.id FROM pipelines p WHERE p.agency_id = NEW.agency_id ORDER BY p.position, p.id LIMIT 1)
    ORDER BY (s.name = NEW.stage) DESC, s.position LIMIT 1;
  END IF;
  SELECT s.pipeline_id, s.name, s.agency_id INTO v_stage FROM pipeline_stages s WHERE s.id = NEW.stage_id;
  IF v_stage.agency_id IS DISTINCT FROM NEW.agency_id THEN
    RAISE EXCEPTION 'stage of another agency' USING ERRCODE = '23503';
  END IF;
  NEW.pipeline_id := v_stage.pipeline_id;
  NEW.stage := v_stage.name;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_stage BEFORE INSERT OR UPDATE OF stage_id ON leads
FOR EACH ROW EXECUTE FUNCTION crm_deal_stage();
--> statement-breakpoint
CREATE INDEX leads_agency_board_idx ON leads (agency_id, stage_id, position, id) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX leads_agency_owner_idx ON leads (agency_id, owner_id);
--> statement-breakpoint
CREATE INDEX leads_agency_contact_idx ON leads (agency_id, contact_id);
--> statement-breakpoint
CREATE INDEX leads_agency_company_idx ON leads (agency_id, company_id);
--> statement-breakpoint
CREATE INDEX leads_agency_closed_idx ON leads (agency_id, outcome, closed_at);
--> statement-breakpoint
CREATE INDEX leads_search_trgm_idx ON leads USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- A task may belong to a CRM record (contact, company or deal): shown on that record's timeline.
ALTER TABLE tasks ADD COLUMN record_type text, ADD COLUMN record_id uuid;
--> statement-breakpoint
CREATE INDEX tasks_agency_record_idx ON tasks (agency_id, record_type, record_id) WHERE record_id IS NOT NULL;
--> statement-breakpoint
-- Custom fields per agency (text, number, date, single select) of contacts, companies or deals.
CREATE TABLE crm_custom_fields (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  entity text NOT NULL CHECK (entity IN ('contact', 'company', 'deal')),
  label text NOT NULL,
  field_type text NOT NULL CHECK (field_type IN ('text', 'number', 'date', 'select')),
  options text[] NOT NULL DEFAULT '{}',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX crm_custom_fields_agency_idx ON crm_custom_fields (agency_id, entity, position);
--> statement-breakpoint
-- A user's saved filters of a CRM list.
CREATE TABLE crm_saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  entity text NOT NULL CHECK (entity IN ('contact', 'company', 'deal')),
  name text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX crm_saved_views_user_idx ON crm_saved_views (agency_id, user_id, entity, created_at);
--> statement-breakpoint
-- A CSV import and its progress (read by its author across reloads), failed rows with line and reason.
CREATE TABLE crm_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  entity text NOT NULL CHECK (entity IN ('contact', 'company', 'deal')),
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  total_rows integer NOT NULL DEFAULT 0,
  processed_rows integer NOT NULL DEFAULT 0,
  imported_rows integer NOT NULL DEFAULT 0,
  merged_rows integer NOT NULL DEFAULT 0,
  skipped_rows integer NOT NULL DEFAULT 0,
  failed_rows integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
--> statement-breakpoint
CREATE INDEX crm_imports_user_idx ON crm_imports (agency_id, user_id, created_at, id);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON pipelines, pipeline_stages, crm_custom_fields, crm_saved_views, crm_imports TO nexo_app;
--> statement-breakpoint
ALTER TABLE pipelines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pipeline_stages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE crm_custom_fields ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE crm_saved_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE crm_imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pipelines TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pipeline_stages TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON crm_custom_fields TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON crm_saved_views TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())))
  WITH CHECK ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON crm_imports TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())))
  WITH CHECK ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id()) AND user_id = (SELECT app_user_id())));
--> statement-breakpoint
-- Record scope (§7): contacts follow crm_contatos, deals crm_pipelines; "own" = owner.
DROP POLICY tenant_isolation ON customers;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON customers TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('crm_contatos')) OR owner_id = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
DROP POLICY tenant_isolation ON leads;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON leads TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('crm_pipelines')) OR owner_id = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
