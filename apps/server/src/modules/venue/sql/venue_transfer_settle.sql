-- Phase two, once the venue's outcome is known: 'success' commits (transit -> target), 'failed'
-- releases (transit -> source) if anything was reserved; given the venue's balance after it, our
-- mirror then follows that figure. Settles a transfer once, whoever comes first (the request or
-- the reconciliation), and completes or frees its idempotency key in the same transaction.
-- Answers the main balance and the venue's (its figure, else our mirror). Lock order:
-- venue_transfer_begin.sql.
--
-- Its commit does not wait for the WAL flush: the reserve and the venue's own books are durable
-- before it runs, so a crash that loses it leaves the transfer pending, and the reconciliation
-- settles it the same way from the venue's answer. Any later durable commit makes it durable too.
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
