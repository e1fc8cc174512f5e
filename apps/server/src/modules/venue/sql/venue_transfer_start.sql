-- Phase one's work (venue_transfer_begin.sql has the rules and the lock order): a refusal is an
-- outcome (refusal: the error catalogue's name), and what the call wrote before it is deleted, so
-- that many transfers can begin in one transaction without a subtransaction each
-- (venue_transfer_begin_many.sql): a subtransaction's update of an account its transaction had
-- locked left a MultiXact on the row, which every later reader had to look up (issue 18, perf).
CREATE OR REPLACE FUNCTION venue_transfer_start(
  p_member bigint, p_site integer, p_currency text, p_api text, p_direction text, p_amount bigint,
  p_key text, p_hash text, p_main_key text, p_venue_key text, p_transit_key text, p_result_key text,
  OUT answer jsonb, OUT started_id bigint, OUT started_ref text, OUT reserved boolean, OUT refusal text
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
  IF venue_status IS NULL THEN refusal := 'VENUE_UNKNOWN'; RETURN; END IF;
  IF venue_status <> 0 THEN refusal := 'VENUE_UNAVAILABLE'; RETURN; END IF;

  -- The key is claimed as platform/idempotency.ts claimKey does: a twin in flight waits on the row.
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (member_id, key, request_hash, state) VALUES (p_member, p_key, p_hash, 'pending')
    ON CONFLICT DO NOTHING RETURNING key INTO claimed;
    IF claimed IS NULL THEN
      SELECT request_hash, state, response INTO earlier FROM idempotency_keys WHERE member_id = p_member AND key = p_key;
      IF NOT FOUND THEN refusal := 'IDEMPOTENCY_IN_FLIGHT'; RETURN; END IF;
      IF earlier.request_hash <> p_hash THEN refusal := 'IDEMPOTENCY_MISMATCH'; RETURN; END IF;
      IF earlier.state = 'pending' THEN refusal := 'IDEMPOTENCY_IN_FLIGHT'; RETURN; END IF;
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
  IF t.transfer_id IS NULL THEN
    refusal := 'VENUE_PENDING';
    DELETE FROM idempotency_keys WHERE member_id = p_member AND key = claimed;
    RETURN;
  END IF;
  started_id := t.transfer_id;
  started_ref := t.ref;

  IF p_direction = 'in' THEN
    posted := (wallet_post_transfer(main_id, transit_id, p_amount, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t))).outcome;
    IF posted = 'insufficient' THEN
      -- Nothing was posted: the transfer and the key claimed for it go too, as a rollback would take them.
      refusal := 'INSUFFICIENT_BALANCE';
      started_id := NULL; started_ref := NULL;
      DELETE FROM venue_transfers WHERE transfer_id = t.transfer_id;
      DELETE FROM idempotency_keys WHERE member_id = p_member AND key = claimed;
      RETURN;
    END IF;
    IF posted <> 'posted' THEN RAISE EXCEPTION 'venue transfer posting transfer.reserve venue:% refused: %', t.transfer_id, posted; END IF;
  ELSE
    posted := (wallet_post_transfer(venue_id, transit_id, p_amount, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t))).outcome;
  END IF;
  reserved := posted = 'posted';
END $$;
