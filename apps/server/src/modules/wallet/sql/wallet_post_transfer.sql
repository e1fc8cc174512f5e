-- The ledger's one movement in one round trip (wallet/ledger.ts postTransfer calls it inside the
-- caller's transaction). It locks both accounts in account-id order, so two opposite transfers
-- cannot deadlock and each takes its transfer id only after its locks (the audit's balance-after
-- chain rests on that). A refusal is an outcome, not an error: the caller's transaction stays
-- usable and nothing was written.
--   outcome: 'posted' | 'insufficient' (a member account would go below zero)
--            | 'duplicate' (the (kind, ref) pair was posted before) | 'currency_mismatch'
CREATE OR REPLACE FUNCTION wallet_post_transfer(
  p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_ref text, p_memo text,
  OUT outcome text, OUT posted_id bigint, OUT from_after bigint, OUT to_after bigint
) LANGUAGE plpgsql AS $$
DECLARE
  a record;
  from_kind text;
  from_currency text;
  from_balance bigint;
  to_currency text;
  to_balance bigint;
BEGIN
  FOR a IN SELECT account_id, kind, currency, balance FROM wallet_accounts
           WHERE account_id IN (p_from, p_to) ORDER BY account_id FOR UPDATE LOOP
    IF a.account_id = p_from THEN
      from_kind := a.kind; from_currency := a.currency; from_balance := a.balance;
    ELSE
      to_currency := a.currency; to_balance := a.balance;
    END IF;
  END LOOP;
  IF from_balance IS NULL OR to_balance IS NULL THEN
    RAISE EXCEPTION 'wallet_post_transfer: unknown account % or %', p_from, p_to;
  END IF;
  IF from_currency <> to_currency THEN outcome := 'currency_mismatch'; RETURN; END IF;
  from_after := from_balance - p_amount;
  to_after := to_balance + p_amount;
  IF from_after < 0 AND from_kind <> 'house' THEN outcome := 'insufficient'; RETURN; END IF;

  INSERT INTO wallet_transfers (from_account, to_account, amount_minor, kind, ref, memo, from_balance_after, to_balance_after)
  VALUES (p_from, p_to, p_amount, p_kind, p_ref, p_memo, from_after, to_after)
  ON CONFLICT (kind, ref) DO NOTHING
  RETURNING transfer_id INTO posted_id;
  IF posted_id IS NULL THEN outcome := 'duplicate'; RETURN; END IF;

  UPDATE wallet_accounts SET balance = CASE WHEN account_id = p_from THEN from_after ELSE to_after END
  WHERE account_id IN (p_from, p_to);
  outcome := 'posted';
END $$;
