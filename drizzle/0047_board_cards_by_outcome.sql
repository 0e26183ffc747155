-- The board shows the open deals of each stage (won and lost leave the open funnel), and the won or
-- lost ones when asked for. Its column query read the stage's cards in order through
-- leads_agency_board_idx and dropped the other outcomes one by one: at the bench's large agency the
-- "fechados" column holds ~10,000 won and lost deals and few or no open ones, so its first page
-- walked all of them. With the outcome before the order, each column's page starts at its first
-- card of that outcome. leads_agency_board_idx stays: a move places its key among every card of the
-- stage, whatever its outcome.
CREATE INDEX leads_agency_board_outcome_idx ON leads (agency_id, stage_id, outcome, position, id) WHERE deleted_at IS NULL;
