-- Deposits: channels (gateways) with their callback secrets, pay types per site, bank lists, orders.
CREATE TABLE wallet_pay_channels (
  channel  text PRIMARY KEY,              -- 'sandbox', 'sandbox-chain', or a real gateway's code
  name     text NOT NULL,
  secret   text NOT NULL                  -- HMAC-SHA256 key of the channel's callbacks
);

CREATE TABLE wallet_pay_types (
  pay_type_id serial  PRIMARY KEY,
  site_id     integer NOT NULL REFERENCES sites(site_id),
  name        text    NOT NULL,
  kind        text    NOT NULL CHECK (kind IN ('sandbox', 'bank', 'usdt')),
  channel     text    NOT NULL REFERENCES wallet_pay_channels(channel),
  network     text    CHECK (network IN ('TRC20', 'ERC20')),
  min_minor   bigint  NOT NULL CHECK (min_minor > 0),
  max_minor   bigint  NOT NULL,
  receive     jsonb,                      -- the operator's bank account of a speedPay type
  status      text    NOT NULL DEFAULT '1' CHECK (status IN ('0', '1', '2')),
  sort        integer NOT NULL DEFAULT 0,
  CHECK (max_minor >= min_minor),
  CHECK ((kind = 'usdt') = (network IS NOT NULL))
);

CREATE TABLE wallet_banks (
  site_id   integer NOT NULL REFERENCES sites(site_id),
  bank_code text    NOT NULL,
  bank_name text    NOT NULL,
  sort      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, bank_code)
);

CREATE TABLE wallet_deposit_orders (
  order_id         bigserial   PRIMARY KEY,
  order_no         text        NOT NULL UNIQUE,
  member_id        bigint      NOT NULL REFERENCES members(member_id),
  site_id          integer     NOT NULL,
  currency         text        NOT NULL,
  pay_type_id      integer     NOT NULL REFERENCES wallet_pay_types(pay_type_id),
  kind             text        NOT NULL,
  channel          text        NOT NULL,
  amount_minor     bigint      NOT NULL CHECK (amount_minor > 0),
  status           text        NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'reviewing', 'appealing', 'success', 'rejected', 'cancelled')),
  receive          jsonb,
  payer_name       text,
  appeal_reason    text,
  gateway_order_id text,
  credit_transfer  bigint      REFERENCES wallet_transfers(transfer_id),
  review_note      text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  cancelled_at     timestamptz,
  -- A gateway's order is credited once, however often it calls back.
  UNIQUE (channel, gateway_order_id),
  CHECK ((status = 'success') = (credit_transfer IS NOT NULL))
);
CREATE INDEX wallet_deposit_orders_member ON wallet_deposit_orders (member_id, order_id DESC);
CREATE INDEX wallet_deposit_orders_cancelled ON wallet_deposit_orders (member_id, cancelled_at) WHERE status = 'cancelled';

CREATE TABLE wallet_deposit_proofs (
  order_id    bigint      PRIMARY KEY REFERENCES wallet_deposit_orders(order_id),
  mime        text        NOT NULL,
  size_bytes  integer     NOT NULL,
  bytes       bytea       NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
