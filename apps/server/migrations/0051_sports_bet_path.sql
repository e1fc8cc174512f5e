-- The bet path, measured (bench/README.md, Sportsbook).
--
-- Every single checks the member's open singles on its market (the stake limit). Through the
-- member's bets that read grew with every bet the member had open; each leg now carries its bet's
-- member (written with the bet, from the bet's own row), so the check reads only the member's legs
-- on that market. The market-only index served nothing else.
ALTER TABLE sports_bet_legs ADD COLUMN member_id bigint;
UPDATE sports_bet_legs l SET member_id = b.member_id FROM sports_bets b WHERE b.bet_id = l.bet_id;
ALTER TABLE sports_bet_legs ALTER COLUMN member_id SET NOT NULL;
CREATE INDEX sports_bet_legs_member_market ON sports_bet_legs (member_id, market_id);
DROP INDEX sports_bet_legs_market;

-- A leg's foreign keys to its selection and match took a key-share lock on those rows, which
-- every bet on the match shares: a WAL record each, and a multixact whenever two bets were in
-- flight on one match. A leg's ids are those of the rows the bet read in its own transaction while
-- holding the market (bets/legs.ts), and no selection, market or match is ever deleted. The key to
-- the market stays: the bet already holds that row, so its check takes no new lock.
ALTER TABLE sports_bet_legs DROP CONSTRAINT sports_bet_legs_selection_id_fkey;
ALTER TABLE sports_bet_legs DROP CONSTRAINT sports_bet_legs_match_id_fkey;
