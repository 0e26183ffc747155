-- Issue 18: an invoice takes a project's approved hours (time_entries.invoice_id). The column
-- landed in 0014 before invoices existed; it now points at the invoice that took the entry.
-- Invoices are never deleted (a cancelled one keeps its number and gives its hours back).
ALTER TABLE time_entries
  ADD CONSTRAINT time_entries_invoice_fk FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE RESTRICT;
--> statement-breakpoint
-- Cancelling an invoice releases its hours: found by invoice, within the agency.
CREATE INDEX time_entries_agency_invoice_idx ON time_entries (agency_id, invoice_id) WHERE invoice_id IS NOT NULL;
