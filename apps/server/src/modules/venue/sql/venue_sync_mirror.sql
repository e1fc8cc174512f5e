-- Our mirror of the member's venue balance takes the venue's own figure: the difference is the
-- member's result there, against the house slice. Answers the difference.
CREATE OR REPLACE FUNCTION venue_sync_mirror(t venue_transfers, p_venue_balance bigint, p_ref text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  -- Only the holder of the transfer slot moves the mirror: the figure read here stays true.
  diff bigint := p_venue_balance - (SELECT balance FROM wallet_accounts WHERE account_id = t.venue_account);
  posted text;
BEGIN
  IF diff > 0 THEN
    posted := venue_post(t.result_account, t.venue_account, diff, 'venue.result', p_ref, NULL);
  ELSIF diff < 0 THEN
    posted := venue_post(t.venue_account, t.result_account, -diff, 'venue.result', p_ref, NULL);
  END IF;
  RETURN diff;
END $$;
