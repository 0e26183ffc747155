-- The board's column counts and totals (load-board.ts) sum every live deal of a pipeline: 46,673 in
-- the bench's large agency. Through the agency's indexes that was a bitmap heap scan of every deal
-- row (~38 ms on a loaded machine); this index holds what the sum and the row policy read, so it is
-- an index-only scan (~15 ms there), already in stage order for the grouping.
CREATE INDEX leads_board_totals_idx ON leads USING btree (agency_id, pipeline_id, stage_id)
  INCLUDE (outcome, value_cents, owner_id) WHERE deleted_at IS NULL;
