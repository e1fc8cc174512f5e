-- The double-entry ledger: accounts with balances in integer minor units, and immutable transfers.
-- Every movement is one transfer row plus the two balance updates, in one transaction.
CREATE TABLE wallet_accounts (
  account_id   bigserial   PRIMARY KEY,
  -- Natural key: 'member:<id>:<kind>[:<venue>]' or 'house:<site>:<currency>:<name>'.
  account_key  text        NOT NULL UNIQUE,
  site_id      integer     NOT NULL,
  currency     text        NOT NULL CHECK (currency IN ('CNY', 'USDT')),
  kind         text        NOT NULL CHECK (kind IN ('main', 'venue', 'yeb', 'bonus', 'hold', 'transit', 'house')),
  member_id    bigint,
  name         text        NOT NULL DEFAULT '',
  balance      bigint      NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'house') = (member_id IS NULL)),
  -- A member's money can never go below zero, whatever the code above does; house accounts may.
  CONSTRAINT member_balance_not_negative CHECK (kind = 'house' OR balance >= 0)
);
CREATE INDEX wallet_accounts_member ON wallet_accounts (member_id) WHERE member_id IS NOT NULL;

CREATE TABLE wallet_transfers (
  transfer_id        bigserial   PRIMARY KEY,
  from_account       bigint      NOT NULL REFERENCES wallet_accounts(account_id),
  to_account         bigint      NOT NULL REFERENCES wallet_accounts(account_id),
  amount_minor       bigint      NOT NULL CHECK (amount_minor > 0),
  -- What moved the money ('deposit', 'bet.stake', 'venue.out', ...) and the business record it
  -- belongs to. A (kind, ref) pair moves money at most once.
  kind               text        NOT NULL,
  ref                text        NOT NULL,
  memo               text,
  from_balance_after bigint      NOT NULL,
  to_balance_after   bigint      NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (from_account <> to_account),
  UNIQUE (kind, ref)
);
CREATE INDEX wallet_transfers_from ON wallet_transfers (from_account, transfer_id);
CREATE INDEX wallet_transfers_to ON wallet_transfers (to_account, transfer_id);

-- Transfers are history: they are never changed or removed.
CREATE FUNCTION wallet_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_transfers rows are immutable';
END $$;
CREATE TRIGGER wallet_transfers_no_update BEFORE UPDATE OR DELETE ON wallet_transfers
  FOR EACH ROW EXECUTE FUNCTION wallet_transfers_immutable();
