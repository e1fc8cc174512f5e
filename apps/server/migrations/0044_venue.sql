-- Venues (game providers) and two-phase transfers between the main wallet and a venue.
CREATE TABLE venues (
  api_name  text    PRIMARY KEY,
  name      text    NOT NULL,
  category  text    NOT NULL,               -- 'live', 'egame', 'sports', 'chess'
  status    integer NOT NULL DEFAULT 0,     -- 0 open (seed 4), anything else under maintenance
  sort      integer NOT NULL DEFAULT 0
);

CREATE TABLE venue_transfers (
  transfer_id     bigserial   PRIMARY KEY,
  ref             text        NOT NULL UNIQUE,   -- what the venue knows the transfer by
  member_id       bigint      NOT NULL REFERENCES members(member_id),
  site_id         integer     NOT NULL,
  currency        text        NOT NULL,
  api_name        text        NOT NULL REFERENCES venues(api_name),
  direction       text        NOT NULL CHECK (direction IN ('in', 'out')),   -- in: main -> venue
  amount_minor    bigint      NOT NULL CHECK (amount_minor > 0),
  status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
  idempotency_key text,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  settled_at      timestamptz
);
-- One transfer in flight per member and venue: the venue's balance is then never counted twice.
CREATE UNIQUE INDEX venue_transfers_one_pending ON venue_transfers (member_id, api_name) WHERE status = 'pending';
CREATE INDEX venue_transfers_pending ON venue_transfers (created_at) WHERE status = 'pending';
CREATE INDEX venue_transfers_member ON venue_transfers (member_id, transfer_id DESC);

CREATE TABLE venue_settings (
  member_id     bigint      PRIMARY KEY REFERENCES members(member_id),
  auto_transfer boolean     NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The built-in sandbox venues' own books: the far side of a transfer, kept apart from our ledger
-- as a real provider's would be. A ref is applied at most once; a ref asked about before it
-- arrived is fenced as failed, so a late call can never apply it.
CREATE TABLE venue_sandbox_wallets (
  api_name  text   NOT NULL,
  player_id bigint NOT NULL,
  balance   bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  PRIMARY KEY (api_name, player_id)
);
CREATE TABLE venue_sandbox_transfers (
  api_name     text        NOT NULL,
  ref          text        NOT NULL,
  player_id    bigint      NOT NULL,
  direction    text        NOT NULL CHECK (direction IN ('deposit', 'withdraw', 'fence')),
  amount_minor bigint      NOT NULL,
  status       text        NOT NULL CHECK (status IN ('success', 'failed')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (api_name, ref)
);
