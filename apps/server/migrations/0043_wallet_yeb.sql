-- The interest wallet (yeb): per-site terms, lock lots, and one interest row per account and day.
CREATE TABLE wallet_yeb_config (
  site_id        integer PRIMARY KEY REFERENCES sites(site_id),
  daily_rate_ppm integer NOT NULL CHECK (daily_rate_ppm >= 0),   -- parts per million per day
  min_minor      bigint  NOT NULL CHECK (min_minor > 0),
  lock_hours     integer NOT NULL CHECK (lock_hours >= 0)
);

-- Each move into yeb stays locked until unlock_at; only the unlocked part can move out.
CREATE TABLE wallet_yeb_lots (
  lot_id       bigserial   PRIMARY KEY,
  member_id    bigint      NOT NULL REFERENCES members(member_id),
  amount_minor bigint      NOT NULL CHECK (amount_minor > 0),
  unlock_at    timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_yeb_lots_member ON wallet_yeb_lots (member_id, unlock_at);

-- The primary key makes the daily accrual happen once per account and Shanghai day, on any instance.
CREATE TABLE wallet_yeb_interest (
  account_id      bigint      NOT NULL REFERENCES wallet_accounts(account_id),
  day             date        NOT NULL,
  member_id       bigint      NOT NULL,
  principal_minor bigint      NOT NULL,
  rate_ppm        integer     NOT NULL,
  interest_minor  bigint      NOT NULL CHECK (interest_minor >= 0),
  received_by     bigint      REFERENCES wallet_transfers(transfer_id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, day)
);
CREATE INDEX wallet_yeb_interest_unreceived ON wallet_yeb_interest (member_id) WHERE received_by IS NULL;
