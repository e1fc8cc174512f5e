-- Live dealer tables built in as the AG venue (AG真人): baccarat, dragon tiger and European roulette,
-- dealt on the server's clock. A round's times derive from the clock and the table's phases; its
-- outcome is drawn from the table's stored shoe (or the wheel) when betting closes, and kept.
CREATE TABLE dealer_tables (
  table_id   text    PRIMARY KEY,
  game       text    NOT NULL CHECK (game IN ('baccarat', 'dragon-tiger', 'roulette')),
  name       text    NOT NULL,
  game_id    text    NOT NULL,
  sort       integer NOT NULL DEFAULT 0,
  bet_ms     integer NOT NULL CHECK (bet_ms > 0),
  deal_ms    integer NOT NULL CHECK (deal_ms > 0),
  result_ms  integer NOT NULL CHECK (result_ms > 0),
  -- {currency: {limit kind: [min_minor, max_minor]}}
  limits     jsonb   NOT NULL
);

-- A shuffled shoe (8 decks, cards as 'As Td ...' in dealing order), its cut card and how far it is dealt.
CREATE TABLE dealer_shoes (
  table_id   text        NOT NULL REFERENCES dealer_tables(table_id),
  shoe_no    integer     NOT NULL,
  cards      text        NOT NULL,
  cut_at     integer     NOT NULL,
  burned     integer     NOT NULL,
  position   integer     NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, shoe_no)
);

CREATE TABLE dealer_rounds (
  table_id   text        NOT NULL REFERENCES dealer_tables(table_id),
  round_no   bigint      NOT NULL,
  status     text        NOT NULL DEFAULT 'betting' CHECK (status IN ('betting', 'dealt', 'settled', 'voiding', 'void')),
  starts_at  timestamptz NOT NULL,
  closes_at  timestamptz NOT NULL,
  reveal_at  timestamptz NOT NULL,
  ends_at    timestamptz NOT NULL,
  shoe_no    integer     NOT NULL DEFAULT 0,
  outcome    jsonb,
  dealt_at   timestamptz,
  settled_at timestamptz,
  PRIMARY KEY (table_id, round_no)
);
CREATE INDEX dealer_rounds_pending ON dealer_rounds (closes_at) WHERE status IN ('betting', 'dealt', 'voiding');
CREATE INDEX dealer_rounds_history ON dealer_rounds (table_id, round_no DESC) WHERE status = 'settled';

-- A member's bet on a round: one request's spots, its stake taken at AG when accepted, paid at settlement.
CREATE TABLE dealer_bets (
  bet_id       bigserial   PRIMARY KEY,
  table_id     text        NOT NULL,
  round_no     bigint      NOT NULL,
  member_id    bigint      NOT NULL REFERENCES members(member_id),
  site_id      integer     NOT NULL,
  spots        jsonb       NOT NULL,
  stake_minor  bigint      NOT NULL CHECK (stake_minor > 0),
  payout_minor bigint      NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  status       text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'refunded')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  settled_at   timestamptz,
  FOREIGN KEY (table_id, round_no) REFERENCES dealer_rounds(table_id, round_no)
);
CREATE INDEX dealer_bets_open ON dealer_bets (table_id, round_no) WHERE status = 'open';
CREATE INDEX dealer_bets_member ON dealer_bets (member_id, table_id, round_no);
