-- 抢庄牛牛 at KY (issue 16): a dealt hand waiting for the member's bid. Both hands and the house's
-- bid are fixed at the deal and kept here, not in the round's record, which the member can read
-- while the round is open. held_minor is what the deal took from the member's KY balance until the
-- round is settled. One open hand per member at a time.
CREATE TABLE chess_niuniu_hands (
  round_id     text        PRIMARY KEY,
  member_id    bigint      NOT NULL REFERENCES members(member_id),
  base_minor   bigint      NOT NULL CHECK (base_minor > 0),
  held_minor   bigint      NOT NULL CHECK (held_minor > 0),
  member_cards jsonb       NOT NULL,
  house_cards  jsonb       NOT NULL,
  house_bid    integer     NOT NULL CHECK (house_bid BETWEEN 0 AND 4),
  -- who takes the bank on equal bids: 0 the member, 1 the house (drawn at the deal)
  coin         integer     NOT NULL CHECK (coin IN (0, 1)),
  member_bid   integer     CHECK (member_bid BETWEEN 0 AND 4),
  status       text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  settled_at   timestamptz
);
CREATE UNIQUE INDEX chess_niuniu_open ON chess_niuniu_hands (member_id) WHERE status = 'open';
CREATE INDEX chess_niuniu_idle ON chess_niuniu_hands (created_at) WHERE status = 'open';
