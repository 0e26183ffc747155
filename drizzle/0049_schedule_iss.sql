-- Retainer invoices carry ISS like every other invoice (issue 18, QA #5): the generator wrote ISS 0%
-- on every one. Each schedule now holds its own rate and retention, as a quote or an invoice does
-- (the schedule form starts from the agency's default, as the invoice form does); the generator
-- copies them onto each invoice it issues.
ALTER TABLE recurring_invoice_schedules
  ADD COLUMN iss_rate_bp integer NOT NULL DEFAULT 0 CHECK (iss_rate_bp BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE recurring_invoice_schedules ADD COLUMN iss_withheld boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- The schedules made before this had no ISS field: they take their agency's default ISS, the rate a
-- new invoice of that agency starts from. Invoices already issued stay as they were.
UPDATE recurring_invoice_schedules s
   SET iss_rate_bp = f.default_iss_rate_bp
  FROM finance_settings f
 WHERE f.agency_id = s.agency_id AND f.default_iss_rate_bp <> 0;
