-- Transfers are history: they are never changed or removed.
CREATE OR REPLACE FUNCTION wallet_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_transfers rows are immutable';
END $$;
