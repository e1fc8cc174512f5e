-- Settled bets by settlement time: the day's valid turnover is gathered by this window (issue 15).
CREATE INDEX sports_bets_settled ON sports_bets (settled_at) WHERE settled_at IS NOT NULL;
