-- Every round of every game venue (seed "game records"; GLI-19): what was staked, the outcome, what
-- it paid and the balance it played from, before and after, recallable by the member and the operator.
-- A round that spans steps (a table bet waiting for its result, mines between reveals) stays 'open'
-- until it is settled or refunded; a game finishes or refunds its open rounds at start.
CREATE TABLE game_rounds (
  round_id       text        PRIMARY KEY,
  member_id      bigint      NOT NULL REFERENCES members(member_id),
  site_id        integer     NOT NULL,
  api_name       text        NOT NULL REFERENCES venues(api_name),
  kind           text        NOT NULL CHECK (kind IN ('live', 'egame', 'chess', 'fish', 'originals')),
  game_code      text        NOT NULL,
  game_name      text        NOT NULL,
  stake_minor    bigint      NOT NULL CHECK (stake_minor >= 0),
  payout_minor   bigint      NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  balance_before bigint      NOT NULL,
  balance_after  bigint,
  status         text        NOT NULL CHECK (status IN ('open', 'settled', 'refunded')),
  detail         jsonb       NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL DEFAULT now(),
  settled_at     timestamptz
);
CREATE INDEX game_rounds_member ON game_rounds (member_id, created_at DESC);
CREATE INDEX game_rounds_venue ON game_rounds (api_name, created_at DESC);
CREATE INDEX game_rounds_open ON game_rounds (api_name, created_at) WHERE status = 'open';
