-- Phase two of many venue transfers in one statement: see venue_transfer_begin_many.sql. A settle
-- refuses nothing in the run of things (the transit holds what it moves on); should one raise, the
-- batch goes again one by one and that one answers its error alone. `refusal` is always null.
CREATE OR REPLACE FUNCTION venue_transfer_settle_many(
  p_transfer_id bigint[], p_outcome text[], p_venue_balance bigint[], p_error text[]
) RETURNS TABLE (main_balance bigint, venue_balance bigint, refusal text) LANGUAGE plpgsql AS $$
BEGIN
  -- Every row a probe of its key, in id order: these plans are kept for the connection, and ones of
  -- `= ANY (...)` made while the tables were young read every transfer ever made at every batch.
  PERFORM 1 FROM (SELECT DISTINCT unnest(p_transfer_id) AS id ORDER BY 1) AS ids
  CROSS JOIN LATERAL (SELECT 1 FROM venue_transfers t WHERE t.transfer_id = ids.id FOR UPDATE) AS held;
  PERFORM 1 FROM (SELECT DISTINCT a AS id FROM unnest(p_transfer_id) AS i(tid),
                    unnest((SELECT ARRAY[t.main_account, t.venue_account, t.transit_account, t.result_account]
                            FROM venue_transfers t WHERE t.transfer_id = i.tid)) AS a
                  ORDER BY 1) AS ids
  CROSS JOIN LATERAL (SELECT 1 FROM wallet_accounts w WHERE w.account_id = ids.id FOR UPDATE) AS held;
  FOR i IN 1 .. coalesce(array_length(p_transfer_id, 1), 0) LOOP
    SELECT s.main_balance, s.venue_balance INTO main_balance, venue_balance
    FROM venue_transfer_settle(p_transfer_id[i], p_outcome[i], p_venue_balance[i], p_error[i]) AS s;
    RETURN NEXT;
  END LOOP;
END $$;
