-- The board's first cards (load-board.ts) read a column by agency, pipeline and stage, which are
-- not independent: a stage belongs to one pipeline of one agency. Multiplying their selectivities,
-- the planner estimated 77–154 cards for a column of 10,297 in the bench's large agency. It then
-- read the whole column through leads_board_totals_idx (0039) and sorted it, joining every card's
-- contact, company and owner first: 395 ms p50 for the board's first load. Walking
-- leads_agency_board_idx in order and stopping at 51 takes 0.1 ms a column. Statistics on the three
-- columns together let the planner see the dependency (estimate 9,809), so it walks the index.
CREATE STATISTICS leads_board_columns_stats (dependencies, ndistinct) ON agency_id, pipeline_id, stage_id FROM leads;
--> statement-breakpoint
ANALYZE leads;
