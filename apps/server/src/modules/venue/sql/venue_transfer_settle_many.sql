-- Phase two of many venue transfers in one statement: see venue_transfer_begin_many.sql. A settle
-- refuses nothing in the run of things (the transit holds what it moves on); should one raise, the
-- batch goes again one by one and that one answers its error alone. `refusal` is always null.
CREATE OR REPLACE FUNCTION venue_transfer_settle_many(
  p_transfer_id bigint[], p_outcome text[], p_venue_balance bigint[], p_error text[]
) RETURNS TABLE (main_balance bigint, venue_balance bigint, refusal text) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM venue_transfers WHERE transfer_id = ANY (p_transfer_id) ORDER BY transfer_id FOR UPDATE;
  PERFORM 1 FROM wallet_accounts WHERE account_id IN (
    SELECT unnest(ARRAY[main_account, venue_account, transit_account, result_account]) FROM venue_transfers WHERE transfer_id = ANY (p_transfer_id)
  ) ORDER BY account_id FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_transfer_id, 1), 0) LOOP
    SELECT s.main_balance, s.venue_balance INTO main_balance, venue_balance
    FROM venue_transfer_settle(p_transfer_id[i], p_outcome[i], p_venue_balance[i], p_error[i]) AS s;
    RETURN NEXT;
  END LOOP;
END $$;
