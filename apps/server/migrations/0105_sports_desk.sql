-- The operator's sportsbook desk (issue 17): holds that the feed cannot lift, hand-entered results
-- the feed cannot overwrite, and per-market voids and resettlements.
ALTER TABLE sports_matches ADD COLUMN held boolean NOT NULL DEFAULT false;
ALTER TABLE sports_matches ADD COLUMN result_by_operator boolean NOT NULL DEFAULT false;

ALTER TABLE sports_markets ADD COLUMN held boolean NOT NULL DEFAULT false;
-- Set while an operator has voided the market: every leg on it is void, whatever the result.
ALTER TABLE sports_markets ADD COLUMN void_reason text;
-- settle_rev counts the operator's voids and resettlements of the market; settled_rev is the one
-- whose bets have all been settled again (the job finishes what a crash left behind).
ALTER TABLE sports_markets ADD COLUMN settle_rev integer NOT NULL DEFAULT 0;
ALTER TABLE sports_markets ADD COLUMN settled_rev integer NOT NULL DEFAULT 0;
CREATE INDEX sports_markets_to_settle ON sports_markets (market_id) WHERE settled_rev < settle_rev;
