-- The ledger's history stays: transfers are never changed or removed (trigger
-- wallet_transfers_no_update), accounts never removed (wallet_accounts_kept: transfers name them).
CREATE OR REPLACE FUNCTION wallet_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% refused on %: the ledger''s rows are kept', TG_OP, TG_TABLE_NAME;
END $$;
