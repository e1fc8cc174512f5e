-- Two-phase venue transfers with one statement (one round trip, one transaction) per phase:
-- venue_transfer_begin (key claimed, slot taken, reserve), then the venue's call, then
-- venue_transfer_settle (commit or release, key completed or freed). venue/transfers.ts drives
-- them. A refusal raises SQLSTATE BP001 with the error catalogue's name as its message, so a
-- refused phase changes nothing.
--
-- Lock order: the venue_transfers row first; then each posting locks its two accounts in id order,
-- and the first posting of every phase includes the member's transit account, so one member's
-- phases queue there (venue_transfer_reserve, whose first posting is the mirror's, locks transit
-- first); last, at most one house slice. Members share nothing but house slices: no cycle.

-- The accounts a transfer moves money between, fixed when it begins. result_account is the house
-- slice that takes the member's result at the venue when our mirror follows the venue's figure.
ALTER TABLE venue_transfers
  ADD COLUMN main_account    bigint,
  ADD COLUMN venue_account   bigint,
  ADD COLUMN transit_account bigint,
  ADD COLUMN result_account  bigint;

UPDATE venue_transfers SET
  main_account    = wallet_account_id('member:' || member_id || ':main', site_id, currency, 'main', member_id, ''),
  venue_account   = wallet_account_id('member:' || member_id || ':venue:' || api_name, site_id, currency, 'venue', member_id, api_name),
  transit_account = wallet_account_id('member:' || member_id || ':transit', site_id, currency, 'transit', member_id, ''),
  result_account  = wallet_account_id('house:' || site_id || ':' || currency || ':venues', site_id, currency, 'house', NULL, 'venues');

-- Every begin took a KEY SHARE lock on its venue's row for this reference: one row shared by all
-- members' transfers (multixacts, a hot row). begin checks the venue itself; venues are never removed.
ALTER TABLE venue_transfers DROP CONSTRAINT venue_transfers_api_name_fkey;

-- Fewer index writes per transfer: ref is derived from the primary key (the CHECK says so), and
-- nothing looks a member's venue transfers up by member.
ALTER TABLE venue_transfers DROP CONSTRAINT venue_transfers_ref_key;
ALTER TABLE venue_transfers ADD CONSTRAINT venue_transfers_ref_of_id CHECK (ref = 'VT' || transfer_id);
DROP INDEX venue_transfers_member;

ALTER TABLE venue_transfers
  ALTER COLUMN main_account SET NOT NULL,
  ALTER COLUMN venue_account SET NOT NULL,
  ALTER COLUMN transit_account SET NOT NULL,
  ALTER COLUMN result_account SET NOT NULL;

ALTER TABLE venue_sandbox_wallets SET (fillfactor = 70);

CREATE FUNCTION venue_refuse(p_error text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'BP001', MESSAGE = p_error;
END $$;

-- A posting of a venue transfer; a short source refuses the phase.
CREATE FUNCTION venue_post(p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_ref text, p_memo text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  posted text;
BEGIN
  SELECT outcome INTO posted FROM wallet_post_transfer(p_from, p_to, p_amount, p_kind, p_ref, p_memo);
  IF posted = 'insufficient' THEN PERFORM venue_refuse('INSUFFICIENT_BALANCE'); END IF;
  IF posted <> 'posted' THEN RAISE EXCEPTION 'venue transfer posting % % refused: %', p_kind, p_ref, posted; END IF;
END $$;

CREATE FUNCTION venue_transfer_memo(t venue_transfers) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE t.direction WHEN 'in' THEN '主钱包 → ' || t.api_name ELSE t.api_name || ' → 主钱包' END
$$;

-- Our mirror of the member's venue balance takes the venue's own figure: the difference is the
-- member's result there, against the house slice.
CREATE FUNCTION venue_sync_mirror(t venue_transfers, p_venue_balance bigint, p_ref text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  diff bigint;
BEGIN
  -- Only the holder of the transfer slot moves the mirror: the figure read here stays true.
  SELECT p_venue_balance - balance INTO diff FROM wallet_accounts WHERE account_id = t.venue_account;
  IF diff > 0 THEN
    PERFORM venue_post(t.result_account, t.venue_account, diff, 'venue.result', p_ref, NULL);
  ELSIF diff < 0 THEN
    PERFORM venue_post(t.venue_account, t.result_account, -diff, 'venue.result', p_ref, NULL);
  END IF;
END $$;

-- Phase one. Answers the stored result of a key used before (answer), or the transfer begun.
-- 'in' reserves main -> transit. 'out' reserves venue mirror -> transit when the mirror holds
-- enough (reserved); otherwise the caller reads the venue's balance and calls
-- venue_transfer_reserve while holding the slot.
CREATE FUNCTION venue_transfer_begin(
  p_member bigint, p_site integer, p_currency text, p_api text, p_direction text, p_amount bigint,
  p_key text, p_hash text, p_main_key text, p_venue_key text, p_transit_key text, p_result_key text,
  OUT answer jsonb, OUT started_id bigint, OUT started_ref text, OUT reserved boolean
) LANGUAGE plpgsql AS $$
DECLARE
  venue_status integer;
  claimed text;
  earlier record;
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

  -- One transfer in flight per member and venue (the partial unique index is the slot).
  INSERT INTO venue_transfers (transfer_id, ref, member_id, site_id, currency, api_name, direction, amount_minor, idempotency_key,
                               main_account, venue_account, transit_account, result_account)
  SELECT v, 'VT' || v, p_member, p_site, p_currency, p_api, p_direction, p_amount, p_key,
         wallet_account_id(p_main_key, p_site, p_currency, 'main', p_member, ''),
         wallet_account_id(p_venue_key, p_site, p_currency, 'venue', p_member, p_api),
         wallet_account_id(p_transit_key, p_site, p_currency, 'transit', p_member, ''),
         wallet_account_id(p_result_key, p_site, p_currency, 'house', NULL, 'venues')
  FROM (SELECT nextval('venue_transfers_transfer_id_seq') AS v) id
  ON CONFLICT (member_id, api_name) WHERE status = 'pending' DO NOTHING
  RETURNING * INTO t;
  IF t.transfer_id IS NULL THEN PERFORM venue_refuse('VENUE_PENDING'); END IF;
  started_id := t.transfer_id;
  started_ref := t.ref;

  IF p_direction = 'in' THEN
    PERFORM venue_post(t.main_account, t.transit_account, p_amount, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t));
    reserved := true;
  ELSE
    SELECT outcome INTO posted
    FROM wallet_post_transfer(t.venue_account, t.transit_account, p_amount, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t));
    reserved := posted = 'posted';
  END IF;
END $$;

-- Phase one of an 'out' whose mirror was short: the mirror follows the venue's balance (read by
-- the caller while holding the slot), then venue mirror -> transit.
CREATE FUNCTION venue_transfer_reserve(p_transfer_id bigint, p_venue_balance bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t venue_transfers;
BEGIN
  SELECT * INTO t FROM venue_transfers WHERE transfer_id = p_transfer_id FOR UPDATE;
  IF t.status <> 'pending' THEN PERFORM venue_refuse('VENUE_UNAVAILABLE'); END IF;
  PERFORM 1 FROM wallet_accounts WHERE account_id = t.transit_account FOR NO KEY UPDATE;
  PERFORM venue_sync_mirror(t, p_venue_balance, 'venue:' || t.transfer_id);
  PERFORM venue_post(t.venue_account, t.transit_account, t.amount_minor, 'transfer.reserve', 'venue:' || t.transfer_id, venue_transfer_memo(t));
END $$;

-- Phase two, once the venue's outcome is known: 'success' commits (transit -> target), 'failed'
-- releases (transit -> source) if anything was reserved; given the venue's balance after it, our
-- mirror then follows that figure. Settles a transfer once, whoever comes first (the request or
-- the reconciliation), and completes or frees its idempotency key in the same transaction.
-- Answers the main balance and the venue's (its figure, else our mirror).
--
-- Its commit does not wait for the WAL flush: the reserve and the venue's own books are durable
-- before it runs, so a crash that loses it leaves the transfer pending, and the reconciliation
-- settles it the same way from the venue's answer. Any later durable commit makes it durable too.
CREATE FUNCTION venue_transfer_settle(
  p_transfer_id bigint, p_outcome text, p_venue_balance bigint, p_error text,
  OUT main_balance bigint, OUT venue_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  t venue_transfers;
  ledger_ref text;
  was_reserved boolean;
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
    was_reserved := EXISTS (SELECT 1 FROM wallet_transfers WHERE kind = 'transfer.reserve' AND ref = ledger_ref);
    IF p_outcome = 'success' THEN
      IF NOT was_reserved THEN
        RAISE EXCEPTION 'venue transfer % succeeded at % without a reserve: needs an operator', t.ref, t.api_name;
      END IF;
      PERFORM venue_post(t.transit_account, CASE t.direction WHEN 'in' THEN t.venue_account ELSE t.main_account END,
                         t.amount_minor, 'transfer.commit', ledger_ref, venue_transfer_memo(t));
    ELSIF was_reserved THEN
      PERFORM venue_post(t.transit_account, CASE t.direction WHEN 'in' THEN t.main_account ELSE t.venue_account END,
                         t.amount_minor, 'transfer.release', ledger_ref, venue_transfer_memo(t));
    END IF;
    IF p_venue_balance IS NOT NULL THEN PERFORM venue_sync_mirror(t, p_venue_balance, ledger_ref || ':after'); END IF;
  END IF;

  SELECT balance INTO main_balance FROM wallet_accounts WHERE account_id = t.main_account;
  venue_balance := coalesce(p_venue_balance, (SELECT balance FROM wallet_accounts WHERE account_id = t.venue_account));
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

-- The sandbox venue's side of a transfer (venue/sandbox.ts), one statement in a transaction of its
-- own as a remote provider's would be. The ref is claimed first (a twin waits on it, then answers
-- the first outcome); a fenced ref stays refused; a player never goes below zero.
--   outcome: 'success' | 'short' | 'fenced' | 'failed_before'
CREATE FUNCTION venue_sandbox_move(
  p_api text, p_ref text, p_player bigint, p_direction text, p_amount bigint,
  OUT outcome text, OUT balance_after bigint
) LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := CASE p_direction WHEN 'deposit' THEN p_amount ELSE -p_amount END;
  seen record;
BEGIN
  INSERT INTO venue_sandbox_transfers (api_name, ref, player_id, direction, amount_minor, status)
  VALUES (p_api, p_ref, p_player, p_direction, p_amount, 'success')
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT direction, status INTO seen FROM venue_sandbox_transfers WHERE api_name = p_api AND ref = p_ref;
    outcome := CASE WHEN seen.direction = 'fence' THEN 'fenced'
                    WHEN seen.status = 'success' AND seen.direction = p_direction THEN 'success'
                    ELSE 'failed_before' END;
    SELECT balance INTO balance_after FROM venue_sandbox_wallets WHERE api_name = p_api AND player_id = p_player;
    balance_after := coalesce(balance_after, 0);
    RETURN;
  END IF;

  UPDATE venue_sandbox_wallets SET balance = balance + delta
  WHERE api_name = p_api AND player_id = p_player AND balance + delta >= 0
  RETURNING balance INTO balance_after;
  IF balance_after IS NULL AND delta > 0 THEN
    -- A player's first deposit opens their wallet (a concurrent opener wins; then the update applies).
    INSERT INTO venue_sandbox_wallets (api_name, player_id, balance) VALUES (p_api, p_player, delta)
    ON CONFLICT DO NOTHING RETURNING balance INTO balance_after;
    IF balance_after IS NULL THEN
      UPDATE venue_sandbox_wallets SET balance = balance + delta WHERE api_name = p_api AND player_id = p_player
      RETURNING balance INTO balance_after;
    END IF;
  END IF;
  IF balance_after IS NULL THEN
    UPDATE venue_sandbox_transfers SET status = 'failed' WHERE api_name = p_api AND ref = p_ref;
    outcome := 'short';
    SELECT balance INTO balance_after FROM venue_sandbox_wallets WHERE api_name = p_api AND player_id = p_player;
    balance_after := coalesce(balance_after, 0);
    RETURN;
  END IF;
  outcome := 'success';
END $$;
