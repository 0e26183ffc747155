-- Finance (issue 18): price list, quotes, invoices with gapless numbers per agency, payments,
-- expenses, recurring invoice schedules and the agency's finance settings (Pix key, reminders).
-- Money is integer centavos (bigint); quantities numeric(12,2); rates basis points.
CREATE TABLE finance_settings (
  agency_id uuid PRIMARY KEY REFERENCES agencies(id) ON DELETE CASCADE,
  pix_key_type text CHECK (pix_key_type IN ('cpf', 'cnpj', 'email', 'phone', 'evp')),
  pix_key text,
  pix_merchant_name text,
  pix_merchant_city text,
  reminders_enabled boolean NOT NULL DEFAULT false,
  default_iss_rate_bp integer NOT NULL DEFAULT 0 CHECK (default_iss_rate_bp BETWEEN 0 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One row per agency: the last invoice number given. UPDATE … RETURNING in the invoice's own
-- transaction serializes creators on the row and a rollback gives the number back.
CREATE TABLE invoice_counters (
  agency_id uuid PRIMARY KEY REFERENCES agencies(id) ON DELETE CASCADE,
  last_number integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE price_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  unit text NOT NULL DEFAULT 'un',
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents > 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX price_items_agency_name_idx ON price_items (agency_id, name);
--> statement-breakpoint
CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id),
  title text NOT NULL,
  status text NOT NULL DEFAULT 'rascunho'
    CHECK (status IN ('rascunho', 'enviado', 'aceito', 'recusado', 'expirado')),
  issue_date date NOT NULL,
  valid_until date NOT NULL,
  discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  iss_rate_bp integer NOT NULL DEFAULT 0 CHECK (iss_rate_bp BETWEEN 0 AND 10000),
  iss_withheld boolean NOT NULL DEFAULT false,
  subtotal_cents bigint NOT NULL,
  total_cents bigint NOT NULL,
  amount_due_cents bigint NOT NULL,
  notes text,
  payment_terms text,
  public_token text UNIQUE,
  token_expires_at timestamptz,
  sent_at timestamptz,
  decided_at timestamptz,
  decided_by_name text,
  decided_ip text,
  decline_reason text,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_until >= issue_date)
);
--> statement-breakpoint
CREATE INDEX quotes_agency_created_idx ON quotes (agency_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX quotes_agency_status_idx ON quotes (agency_id, status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX quotes_agency_company_idx ON quotes (agency_id, company_id);
--> statement-breakpoint
CREATE INDEX quotes_agency_creator_idx ON quotes (agency_id, created_by);
--> statement-breakpoint
CREATE TABLE quote_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  position integer NOT NULL,
  price_item_id uuid REFERENCES price_items(id) ON DELETE SET NULL,
  service text NOT NULL,
  description text,
  quantity numeric(12, 2) NOT NULL CHECK (quantity > 0),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents > 0),
  total_cents bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX quote_items_agency_quote_idx ON quote_items (agency_id, quote_id, position);
--> statement-breakpoint
CREATE TABLE recurring_invoice_schedules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies(id),
  description text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  frequency text NOT NULL CHECK (frequency IN ('mensal', 'trimestral')),
  day_of_month integer NOT NULL CHECK (day_of_month BETWEEN 1 AND 28),
  due_days integer NOT NULL DEFAULT 10 CHECK (due_days BETWEEN 0 AND 120),
  start_date date NOT NULL,
  end_date date,
  active boolean NOT NULL DEFAULT true,
  email_on_generate boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR end_date >= start_date)
);
--> statement-breakpoint
CREATE INDEX recurring_invoice_schedules_agency_idx ON recurring_invoice_schedules (agency_id, active, created_at);
--> statement-breakpoint
CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  number integer,
  company_id uuid NOT NULL REFERENCES companies(id),
  quote_id uuid REFERENCES quotes(id) ON DELETE SET NULL,
  replaces_invoice_id uuid REFERENCES invoices(id) ON DELETE SET NULL,
  schedule_id uuid REFERENCES recurring_invoice_schedules(id) ON DELETE SET NULL,
  period_key text,
  source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'orcamento', 'recorrente', 'horas')),
  status text NOT NULL DEFAULT 'emitida'
    CHECK (status IN ('rascunho', 'emitida', 'parcialmente_paga', 'paga', 'cancelada')),
  issue_date date NOT NULL,
  due_date date NOT NULL,
  discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  iss_rate_bp integer NOT NULL DEFAULT 0 CHECK (iss_rate_bp BETWEEN 0 AND 10000),
  iss_withheld boolean NOT NULL DEFAULT false,
  subtotal_cents bigint NOT NULL,
  total_cents bigint NOT NULL,
  amount_due_cents bigint NOT NULL CHECK (amount_due_cents > 0),
  paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0 AND paid_cents <= amount_due_cents),
  paid_at date,
  notes text,
  cancel_reason text,
  cancelled_at timestamptz,
  last_reminder_at timestamptz,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (due_date >= issue_date),
  CHECK ((number IS NULL) = (status = 'rascunho'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX invoices_agency_number_idx ON invoices (agency_id, number) WHERE number IS NOT NULL;
--> statement-breakpoint
-- Exactly one invoice per schedule and period, whichever server or job run writes it.
CREATE UNIQUE INDEX invoices_schedule_period_idx ON invoices (schedule_id, period_key) WHERE schedule_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX invoices_agency_created_idx ON invoices (agency_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX invoices_agency_status_due_idx ON invoices (agency_id, status, due_date);
--> statement-breakpoint
CREATE INDEX invoices_agency_company_idx ON invoices (agency_id, company_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX invoices_agency_issue_idx ON invoices (agency_id, issue_date);
--> statement-breakpoint
CREATE INDEX invoices_agency_creator_idx ON invoices (agency_id, created_by);
--> statement-breakpoint
CREATE TABLE invoice_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  position integer NOT NULL,
  service text NOT NULL,
  description text,
  quantity numeric(12, 2) NOT NULL CHECK (quantity > 0),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents > 0),
  total_cents bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX invoice_items_agency_invoice_idx ON invoice_items (agency_id, invoice_id, position);
--> statement-breakpoint
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  paid_on date NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  method text NOT NULL CHECK (method IN ('pix', 'boleto', 'transferencia', 'cartao', 'dinheiro')),
  notes text,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX payments_agency_paid_idx ON payments (agency_id, paid_on DESC, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX payments_agency_method_idx ON payments (agency_id, method, paid_on DESC);
--> statement-breakpoint
CREATE INDEX payments_agency_company_idx ON payments (agency_id, company_id, paid_on DESC);
--> statement-breakpoint
CREATE INDEX payments_agency_invoice_idx ON payments (agency_id, invoice_id);
--> statement-breakpoint
CREATE INDEX payments_agency_creator_idx ON payments (agency_id, created_by);
--> statement-breakpoint
CREATE TABLE expense_categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX expense_categories_agency_name_idx ON expense_categories (agency_id, lower(name));
--> statement-breakpoint
CREATE TABLE expenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
  category_id uuid REFERENCES expense_categories(id) ON DELETE SET NULL,
  supplier text NOT NULL,
  description text,
  spent_on date NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  recurrence text NOT NULL DEFAULT 'nenhuma' CHECK (recurrence IN ('nenhuma', 'mensal', 'anual')),
  attachment_id uuid,
  created_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX expenses_agency_spent_idx ON expenses (agency_id, spent_on DESC, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX expenses_agency_category_idx ON expenses (agency_id, category_id, spent_on DESC);
--> statement-breakpoint
CREATE INDEX expenses_agency_creator_idx ON expenses (agency_id, created_by);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON finance_settings, invoice_counters, price_items, quotes, quote_items,
  recurring_invoice_schedules, invoices, invoice_items, payments, expense_categories, expenses TO nexo_app;
--> statement-breakpoint
ALTER TABLE finance_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE price_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE quote_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE recurring_invoice_schedules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoice_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE expense_categories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE expenses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Agency-wide rows (settings, counter, price list, categories, items read with their document).
CREATE POLICY tenant_isolation ON finance_settings TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_counters TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON price_items TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON quote_items TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_items TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON expense_categories TO nexo_app
  USING (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()))
  WITH CHECK (agency_id = (SELECT app_agency_id()) OR (SELECT app_is_super_admin()));
--> statement-breakpoint
-- Documents: the agency's, all of them or the caller's own per the module's record scope
-- (no finance role has 'own' by default; the shape is the shared one).
CREATE POLICY tenant_isolation ON quotes TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('financeiro_orcamentos')) OR created_by = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON recurring_invoice_schedules TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('financeiro_faturas')) OR created_by = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoices TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('financeiro_faturas')) OR created_by = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payments TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('financeiro_pagamentos')) OR created_by = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
--> statement-breakpoint
CREATE POLICY tenant_isolation ON expenses TO nexo_app
  USING ((SELECT app_is_super_admin()) OR (agency_id = (SELECT app_agency_id())
    AND ((SELECT app_scope_all('financeiro_pagamentos')) OR created_by = (SELECT app_user_id()))))
  WITH CHECK ((SELECT app_is_super_admin()) OR agency_id = (SELECT app_agency_id()));
