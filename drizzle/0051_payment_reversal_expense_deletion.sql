-- QA finance report #4: a payment or an expense entered by mistake could never be corrected.
--
-- 1. A payment is reversed (estorno), never deleted: the row stays with who reversed it, when and
--    why, so the money history stays honest; the invoice's paid amount is recomputed without it.
--    Reversed, a payment counts nowhere (revenue, lists, CSV) but on its invoice's history.
ALTER TABLE payments ADD COLUMN reversed_at timestamptz;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN reversed_by uuid REFERENCES "user"(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN reversal_reason text;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_reversal_has_reason
  CHECK ((reversed_at IS NULL) = (reversal_reason IS NULL));
--> statement-breakpoint
-- Revenue, the monthly chart, the top clients and the payment list read only payments in force,
-- still from this index alone (0021): it now holds only those, so a reversal costs them nothing.
DROP INDEX payments_agency_paid_idx;
--> statement-breakpoint
CREATE INDEX payments_agency_paid_idx ON payments (agency_id, paid_on DESC, created_at DESC, id DESC)
  INCLUDE (amount_cents, company_id, created_by) WHERE reversed_at IS NULL;
--> statement-breakpoint
-- 2. An expense is deleted softly: a repetition of a recurring expense is made once per period
--    (0022's unique index on recurs_from, period_key), so a removed row would come back with the
--    next run; the kept row holds its period. Who deleted it and when stay for the audit.
ALTER TABLE expenses ADD COLUMN deleted_at timestamptz;
--> statement-breakpoint
ALTER TABLE expenses ADD COLUMN deleted_by uuid REFERENCES "user"(id) ON DELETE SET NULL;
