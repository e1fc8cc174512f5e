-- Withdrawals: the withdrawal password, bank cards, USDT addresses, orders.
CREATE TABLE wallet_withdraw_passwords (
  member_id     bigint      PRIMARY KEY REFERENCES members(member_id),
  password_hash text        NOT NULL,      -- argon2id; the 6 digits are never stored
  failures      integer     NOT NULL DEFAULT 0,
  locked_until  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallet_bank_cards (
  card_id    bigserial   PRIMARY KEY,
  member_id  bigint      NOT NULL REFERENCES members(member_id),
  site_id    integer     NOT NULL,
  bank_code  text        NOT NULL,
  card_num   text        NOT NULL,
  real_name  text        NOT NULL,
  branch     text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- A card belongs to one member of a site at a time.
CREATE UNIQUE INDEX wallet_bank_cards_live ON wallet_bank_cards (site_id, card_num) WHERE deleted_at IS NULL;
CREATE INDEX wallet_bank_cards_member ON wallet_bank_cards (member_id) WHERE deleted_at IS NULL;

CREATE TABLE wallet_usdt_addresses (
  address_id bigserial   PRIMARY KEY,
  member_id  bigint      NOT NULL REFERENCES members(member_id),
  site_id    integer     NOT NULL,
  network    text        NOT NULL CHECK (network IN ('TRC20', 'ERC20')),
  address    text        NOT NULL,
  alias      text        NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX wallet_usdt_addresses_live ON wallet_usdt_addresses (site_id, network, address) WHERE deleted_at IS NULL;
CREATE INDEX wallet_usdt_addresses_member ON wallet_usdt_addresses (member_id) WHERE deleted_at IS NULL;

CREATE TABLE wallet_withdraw_orders (
  order_id         bigserial   PRIMARY KEY,
  order_no         text        NOT NULL UNIQUE,
  member_id        bigint      NOT NULL REFERENCES members(member_id),
  site_id          integer     NOT NULL,
  currency         text        NOT NULL,
  amount_minor     bigint      NOT NULL CHECK (amount_minor > 0),
  fee_minor        bigint      NOT NULL DEFAULT 0 CHECK (fee_minor >= 0 AND fee_minor < amount_minor),
  usdt_minor       bigint,                 -- what a USDT payout sends, in USDT minor units
  card_id          bigint      REFERENCES wallet_bank_cards(card_id),
  address_id       bigint      REFERENCES wallet_usdt_addresses(address_id),
  destination      text        NOT NULL,   -- masked label shown to the member
  payout_to        text        NOT NULL,   -- the full card number or address, for the operator
  status           text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'rejected', 'cancelled')),
  review_note      text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((card_id IS NULL) <> (address_id IS NULL))
);
CREATE INDEX wallet_withdraw_orders_member ON wallet_withdraw_orders (member_id, order_id DESC);
