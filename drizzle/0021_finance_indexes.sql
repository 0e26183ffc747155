-- Finance at scale (issue 18, bench/README.md: 2,000,000 invoices, 2,500,000 payments, 60,000
-- invoices in one agency). Lists are newest entry first (created_at, id); the overview and the
-- dashboard sum payments by date. Covering indexes carry created_by: the row policy's record-scope
-- test reads it, and an index-only scan needs every column the query and its policy read.
--
-- The payment list's order: without it every page sorted all of the agency's payments.
CREATE INDEX payments_agency_created_idx ON payments (agency_id, created_at DESC, id DESC);
--> statement-breakpoint
-- The list by method, in the list's order (the method index in payment-date order served no query).
DROP INDEX payments_agency_method_idx;
--> statement-breakpoint
CREATE INDEX payments_agency_method_created_idx ON payments (agency_id, method, created_at DESC, id DESC);
--> statement-breakpoint
-- Revenue, the monthly chart and the top clients of a period read this index alone, not one heap
-- page per payment; the list's period filter takes its newest entry from it.
DROP INDEX payments_agency_paid_idx;
--> statement-breakpoint
CREATE INDEX payments_agency_paid_idx ON payments (agency_id, paid_on DESC, created_at DESC, id DESC)
  INCLUDE (amount_cents, company_id, created_by);
--> statement-breakpoint
-- Receivables by age: the open invoices' amounts from the index alone.
DROP INDEX invoices_agency_status_due_idx;
--> statement-breakpoint
CREATE INDEX invoices_agency_status_due_idx ON invoices (agency_id, status, due_date)
  INCLUDE (amount_due_cents, paid_cents, created_by);
--> statement-breakpoint
-- The invoice list's period filter takes the newest entry issued in the period from this index alone.
DROP INDEX invoices_agency_issue_idx;
--> statement-breakpoint
CREATE INDEX invoices_agency_issue_idx ON invoices (agency_id, issue_date) INCLUDE (created_at, created_by);
