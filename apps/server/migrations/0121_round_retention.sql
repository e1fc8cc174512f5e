-- Round retention (issue 16): settled game records older than GAME_RECORD_RETENTION_DAYS and
-- dealer table rounds older than TABLE_HISTORY_RETENTION_DAYS are pruned by background jobs. These
-- indexes let them find what is due without reading the tables whole, and let a dealer round's
-- delete check the bets that still reference it (its foreign key) by index.
CREATE INDEX game_rounds_settled ON game_rounds (settled_at, round_id) WHERE status <> 'open';
CREATE INDEX dealer_bets_settled ON dealer_bets (settled_at) WHERE status <> 'open';
CREATE INDEX dealer_bets_round ON dealer_bets (table_id, round_no);
