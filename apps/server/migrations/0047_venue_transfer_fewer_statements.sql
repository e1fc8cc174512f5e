-- The phases of 0046 with fewer statements inside them: calls made as plain assignments (PL/pgSQL
-- evaluates those without starting an executor), the four accounts of a transfer found in one
-- statement, the two balances of the answer read in one. Same rules, same lock order.

-- The reconciliation's pending transfers come from the slot index (status = 'pending' as well):
-- one index write per transfer less.
DROP INDEX venue_transfers_pending;

-- A posting of a venue transfer; a short source refuses the phase. Answers 'posted'.
DROP FUNCTION venue_post(bigint, bigint, bigint, text, text, text);
CREATE FUNCTION venue_post(p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_ref text, p_memo text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  posted text := (wallet_post_transfer(p_from, p_to, p_amount, p_kind, p_ref, p_memo)).outcome;
BEGIN
  IF posted = 'insufficient' THEN PERFORM venue_refuse('INSUFFICIENT_BALANCE'); END IF;
  IF posted <> 'posted' THEN RAISE EXCEPTION 'venue transfer posting % % refused: %', p_kind, p_ref, posted; END IF;
  RETURN posted;
END $$;

-- Our mirror of the member's venue balance takes the venue's own figure: the difference is the
-- member's result there, against the house slice. Answers the difference.
DROP FUNCTION venue_sync_mirror(venue_transfers, bigint, text);
CREATE FUNCTION venue_sync_mirror(t venue_transfers, p_venue_balance bigint, p_ref text)
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

-- Phase one (as in 0046).
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

-- Phase one of an 'out' whose mirror was short (as in 0046).
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

-- Phase two (as in 0046), its commit not waiting for the WAL flush.
CREATE OR REPLACE FUNCTION venue_transfer_settle(
  p_transfer_id bigint, p_outcome text, p_venue_balance bigint, p_error text,
  OUT main_balance bigint, OUT venue_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  t venue_transfers;
  ledger_ref text;
  posted text;
  diff bigint;
BEGIN
  UPDATE venue_transfers SET status = p_outcome, settled_at = now(), last_error = coalesce(p_error, last_error)
  WHERE transfer_id = p_transfer_id AND status = 'pending'
  RETURNING * INTO t;
  IF NOT FOUND THEN
    -- Settled before (by the reconciliation, or a twin): only the answer.
    SELECT * INTO t FROM venue_transfers WHERE transfer_id = p_transfer_id;
  ELSE
    PERFORM set_config('synchronous_commit', 'off', true);
    ledger_ref := 'venue:' || t.transfer_id;
    IF EXISTS (SELECT 1 FROM wallet_transfers WHERE kind = 'transfer.reserve' AND ref = ledger_ref) THEN
      IF p_outcome = 'success' THEN
        posted := venue_post(t.transit_account, CASE t.direction WHEN 'in' THEN t.venue_account ELSE t.main_account END,
                             t.amount_minor, 'transfer.commit', ledger_ref, venue_transfer_memo(t));
      ELSE
        posted := venue_post(t.transit_account, CASE t.direction WHEN 'in' THEN t.main_account ELSE t.venue_account END,
                             t.amount_minor, 'transfer.release', ledger_ref, venue_transfer_memo(t));
      END IF;
    ELSIF p_outcome = 'success' THEN
      RAISE EXCEPTION 'venue transfer % succeeded at % without a reserve: needs an operator', t.ref, t.api_name;
    END IF;
    IF p_venue_balance IS NOT NULL THEN diff := venue_sync_mirror(t, p_venue_balance, ledger_ref || ':after'); END IF;
  END IF;

  SELECT m.balance, coalesce(p_venue_balance, v.balance) INTO main_balance, venue_balance
  FROM wallet_accounts m, wallet_accounts v WHERE m.account_id = t.main_account AND v.account_id = t.venue_account;
  IF ledger_ref IS NOT NULL AND t.idempotency_key IS NOT NULL THEN
    IF p_outcome = 'success' THEN
      UPDATE idempotency_keys
      SET state = 'done', response = jsonb_build_object('main', round(main_balance / 100.0, 2), 'venue', round(venue_balance / 100.0, 2))
      WHERE member_id = t.member_id AND key = t.idempotency_key;
    ELSE
      DELETE FROM idempotency_keys WHERE member_id = t.member_id AND key = t.idempotency_key AND state = 'pending';
    END IF;
  END IF;
END $$;
