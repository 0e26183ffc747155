-- Finance at scale (issue 18, bench/README.md: 2,000,000 invoices, 2,500,000 payments, 60,000
-- invoices in one agency). Covering indexes carry created_by: the row policy's record-scope test
-- reads it, and an index-only scan needs every column the query and its policy read.
--
-- Revenue, the monthly chart and the top clients of a period read this index alone, not one heap
-- page per payment; the payment list walks it in its order (date, then newest entry).
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
