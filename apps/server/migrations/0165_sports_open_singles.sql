-- What each member has open in singles on each market, kept as bets are taken and leave the open
-- states, so a single's stake limit reads one row (issue 18: summing the open singles' legs at
-- every bet was half of PostgreSQL's work per bet once a member had a couple of hundred open on one
-- market). Written where the bets are: placement adds, settlement, cash out and rejection take away.
CREATE TABLE sports_open_singles (
  member_id bigint NOT NULL,
  market_id bigint NOT NULL,
  staked_minor bigint NOT NULL,
  PRIMARY KEY (member_id, market_id)
);

INSERT INTO sports_open_singles (member_id, market_id, staked_minor)
SELECT l.member_id, l.market_id, sum(b.stake_minor)
FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.bet_id
WHERE b.bet_type = 'single' AND b.status IN ('pending_delay', 'pending')
GROUP BY l.member_id, l.market_id;
