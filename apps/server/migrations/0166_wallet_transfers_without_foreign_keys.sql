-- The ledger's transfers name their accounts without foreign keys (issue 18). Every posting
-- (wallet_post_transfer, wallet_post_transfers: the only writers of wallet_transfers) reads and
-- locks both accounts before it writes the transfer, and refuses one that is not there, so the
-- keys' checks were a second look at rows the transaction already held: a query per account per
-- movement, run as triggers (bets gained 2-4 % of pgbench in two pairs; bench/README.md). What
-- the keys also kept, that an account a transfer names is never removed, this trigger keeps; the
-- audit (wallet/audit.ts) reports a transfer naming an account that is not there.
ALTER TABLE wallet_transfers DROP CONSTRAINT wallet_transfers_from_account_fkey,
  DROP CONSTRAINT wallet_transfers_to_account_fkey;
CREATE TRIGGER wallet_accounts_kept BEFORE DELETE OR TRUNCATE ON wallet_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_transfers_immutable();
