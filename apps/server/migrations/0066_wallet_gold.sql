-- Gold coins (issue 14): a currency of their own in the ledger, per site ('GOLD', hundredths of a
-- coin). Members hold them in a 'gold' account; anchors (streamers, not members) receive them in
-- an 'anchor' account, which like a member's never goes below zero and has no member.
ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_currency_check;
ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_currency_check CHECK (currency IN ('CNY', 'USDT', 'GOLD'));
ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_kind_check;
ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_kind_check
  CHECK (kind IN ('main', 'venue', 'yeb', 'bonus', 'hold', 'transit', 'gold', 'house', 'anchor'));
ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_check;
ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_owner_check CHECK ((kind IN ('house', 'anchor')) = (member_id IS NULL));
