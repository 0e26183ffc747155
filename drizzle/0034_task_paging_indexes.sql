-- Task lists and boards page by keyset (issue 17). A board column's page is the next 50 cards
-- after (position, id): with id in the board index the row comparison seeks straight to the page
-- and the order needs no sort (ties on a position key are broken by id). It replaces the index it
-- extends (every lookup that used the old one is served by the new one).
CREATE INDEX tasks_agency_board_page_idx ON tasks (agency_id, project_id, status, position, id);
--> statement-breakpoint
DROP INDEX tasks_agency_board_idx;
--> statement-breakpoint
-- A list's page is by due date with none last, then id: on this expression a page after its
-- cursor is one range of the index, read in order, and none-last needs no OR.
CREATE INDEX tasks_agency_due_order_idx ON tasks (agency_id, (coalesce(due_date, 'infinity'::timestamptz)), id);
