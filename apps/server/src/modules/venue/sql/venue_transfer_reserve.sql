-- Phase one of an 'out' whose mirror was short: the mirror follows the venue's balance (read by
-- the caller while holding the slot), then venue mirror -> transit. Lock order: venue_transfer_begin.sql.
CREATE OR REPLACE FUNCTION venue_transfer_reserve(p_transfer_id bigint, p_venue_balance bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t venue_transfers;
  diff bigint;
  posted text;
BEGIN
  SELECT * INTO t FROM venue_transfers WHERE transfer_id = p_transfer_id FOR UPDATE;
  IF t.status <> 'pending' THEN PERFORM venue_refuse('VENUE_UNAVAILABLE'); END IF;
  PERFORM 1 FROM wallet_accounts WHERE account_id = t.transit_account FOR NO KEY UPDATE;
  diff := venue_sync_mirror(t, p_venue_balance, 'venue:' || t.transfer_id);
  posted := venue_post(t.venue_account, t.transit_account, t.amount_minor, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t));
END $$;
