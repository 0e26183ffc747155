-- Every audited change inserts one audit row, and with fastupdate = off (0004) that insert put each
-- of the row's ~70 trigrams into the GIN index on its own: ~0.6 ms of PostgreSQL's CPU per row, the
-- largest single cost of a deal's move (issue 16: 2,350 audit inserts/s alone on 2 cores, 6,670
-- with a pending list, 10,460 without the index). The pending list collects new entries and merges
-- them into the index in sorted batches when it passes gin_pending_list_limit (or at vacuum). A
-- search reads the pending list too, so it is kept small: 256 kB (PostgreSQL's default is 4 MB),
-- about 2,000 audit rows, which a search reads in well under a millisecond. The profiles' e-mail
-- index keeps fastupdate = off (0004: the planner priced its pending list and chose a scan).
ALTER INDEX audit_logs_search_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 256);
