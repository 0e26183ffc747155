-- The invoice list reads in number order (issue 18, QA #10): drafts (no number yet) first, newest
-- first, then invoices by number, highest first. It had been in creation order, so invoices created
-- concurrently listed out of number order (… 42, 41, 39, 40, 43 …). The expression is written
-- exactly as src/server/features/finance/invoice-list-order.ts writes it, so the planner walks this
-- index for the list and its keyset pages.
CREATE INDEX invoices_agency_list_order_idx
  ON invoices (agency_id, (coalesce(number, 2147483647)) DESC, created_at DESC, id DESC);
--> statement-breakpoint
-- The period filter starts the walk at the highest number issued in the period, read from the
-- issue-date index alone: the index now carries the number too.
DROP INDEX invoices_agency_issue_idx;
--> statement-breakpoint
CREATE INDEX invoices_agency_issue_idx ON invoices (agency_id, issue_date) INCLUDE (number, created_at, created_by);
