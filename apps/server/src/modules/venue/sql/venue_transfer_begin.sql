-- Two-phase venue transfers with one statement (one round trip, one transaction) per phase:
-- venue_transfer_begin (key claimed, slot taken, reserve), then the venue's call, then
-- venue_transfer_settle (commit or release, key completed or freed). venue/phases.ts drives
-- them. A refusal raises SQLSTATE BP001 with the error catalogue's name as its message
-- (venue_refuse), so a refused phase changes nothing.
--
-- Lock order: the venue_transfers row first; then each posting locks its two accounts in id order,
-- and the first posting of every phase includes the member's transit account, so one member's
-- phases queue there (venue_transfer_reserve, whose first posting is the mirror's, locks transit
-- first); last, at most one house slice. Members share nothing but house slices: no cycle.
--
-- Calls are plain assignments where they can be (PL/pgSQL evaluates those without starting an
-- executor), and the four accounts of a transfer are found in one statement.
--
-- Phase one. Answers the stored result of a key used before (answer), or the transfer begun.
-- 'in' reserves main -> transit. 'out' reserves venue mirror -> transit when the mirror holds
-- enough (reserved); otherwise the caller reads the venue's balance and calls
-- venue_transfer_reserve while holding the slot.
CREATE OR REPLACE FUNCTION venue_transfer_begin(
  p_member bigint, p_site integer, p_currency text, p_api text, p_direction text, p_amount bigint,
  p_key text, p_hash text, p_main_key text, p_venue_key text, p_transit_key text, p_result_key text,
  OUT answer jsonb, OUT started_id bigint, OUT started_ref text, OUT reserved boolean
) LANGUAGE plpgsql AS $$
DECLARE
  venue_status integer;
  claimed text;
  earlier record;
  main_id bigint;
  venue_id bigint;
  transit_id bigint;
  result_id bigint;
  t venue_transfers;
  posted text;
BEGIN
  SELECT status INTO venue_status FROM venues WHERE api_name = p_api;
  IF venue_status IS NULL THEN PERFORM venue_refuse('VENUE_UNKNOWN'); END IF;
  IF venue_status <> 0 THEN PERFORM venue_refuse('VENUE_UNAVAILABLE'); END IF;

  -- The key is claimed as platform/idempotency.ts claimKey does: a twin in flight waits on the row.
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (member_id, key, request_hash, state) VALUES (p_member, p_key, p_hash, 'pending')
    ON CONFLICT DO NOTHING RETURNING key INTO claimed;
    IF claimed IS NULL THEN
      SELECT request_hash, state, response INTO earlier FROM idempotency_keys WHERE member_id = p_member AND key = p_key;
      IF NOT FOUND THEN PERFORM venue_refuse('IDEMPOTENCY_IN_FLIGHT'); END IF;
      IF earlier.request_hash <> p_hash THEN PERFORM venue_refuse('IDEMPOTENCY_MISMATCH'); END IF;
      IF earlier.state = 'pending' THEN PERFORM venue_refuse('IDEMPOTENCY_IN_FLIGHT'); END IF;
      answer := earlier.response;
      RETURN;
    END IF;
  END IF;

  -- The transfer's accounts, created on first use.
  SELECT max(account_id) FILTER (WHERE account_key = p_main_key), max(account_id) FILTER (WHERE account_key = p_venue_key),
         max(account_id) FILTER (WHERE account_key = p_transit_key), max(account_id) FILTER (WHERE account_key = p_result_key)
  INTO main_id, venue_id, transit_id, result_id
  FROM wallet_accounts WHERE account_key IN (p_main_key, p_venue_key, p_transit_key, p_result_key);
  main_id := coalesce(main_id, wallet_account_id(p_main_key, p_site, p_currency, 'main', p_member, ''));
  venue_id := coalesce(venue_id, wallet_account_id(p_venue_key, p_site, p_currency, 'venue', p_member, p_api));
  transit_id := coalesce(transit_id, wallet_account_id(p_transit_key, p_site, p_currency, 'transit', p_member, ''));
  result_id := coalesce(result_id, wallet_account_id(p_result_key, p_site, p_currency, 'house', NULL, 'venues'));

  -- One transfer in flight per member and venue (the partial unique index is the slot).
  INSERT INTO venue_transfers (transfer_id, ref, member_id, site_id, currency, api_name, direction, amount_minor, idempotency_key,
                               main_account, venue_account, transit_account, result_account)
  SELECT v, 'VT' || v, p_member, p_site, p_currency, p_api, p_direction, p_amount, p_key, main_id, venue_id, transit_id, result_id
  FROM (SELECT nextval('venue_transfers_transfer_id_seq') AS v) id
  ON CONFLICT (member_id, api_name) WHERE status = 'pending' DO NOTHING
  RETURNING * INTO t;
  IF t.transfer_id IS NULL THEN PERFORM venue_refuse('VENUE_PENDING'); END IF;
  started_id := t.transfer_id;
  started_ref := t.ref;

  IF p_direction = 'in' THEN
    posted := venue_post(main_id, transit_id, p_amount, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t));
  ELSE
    posted := (wallet_post_transfer(venue_id, transit_id, p_amount, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t))).outcome;
  END IF;
  reserved := posted = 'posted';
END $$;
