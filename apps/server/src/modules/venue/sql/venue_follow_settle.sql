-- The follow's settle, given the venue's figure read while it held the slot: the mirror takes it.
-- The lock order of venue_transfer_begin.sql: the venue_transfers row, then the member's transit account, then the
-- mirror's posting (the mirror and the house slice). Answers the difference booked.
CREATE OR REPLACE FUNCTION venue_follow_settle(p_transfer_id bigint, p_venue_balance bigint, OUT booked bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t venue_transfers;
BEGIN
  UPDATE venue_transfers SET status = 'success', settled_at = now()
  WHERE transfer_id = p_transfer_id AND direction = 'follow' AND status = 'pending'
  RETURNING * INTO t;
  IF NOT FOUND THEN booked := 0; RETURN; END IF;
  PERFORM 1 FROM wallet_accounts WHERE account_id = t.transit_account FOR NO KEY UPDATE;
  booked := venue_sync_mirror(t, p_venue_balance, 'venue:' || t.transfer_id);
END $$;
