-- Moves many accounts' balances by their net amounts in one statement (wallet_post_transfers'
-- set-based path; the accounts are locked already): p_ids[i] by p_deltas[i], each id once.
-- Planned with sequential and bitmap scans off, so its plan, kept for the connection, is an index
-- scan of the ids whatever the table's size when it was made: a plan made while the table was
-- young (a join, or a scan with a filter) would read every account at every batch once it had
-- grown (PGlite never replans). One statement, not one an account: a loop cost bets about 5 %.
CREATE OR REPLACE FUNCTION wallet_accounts_move(p_ids bigint[], p_deltas bigint[]) RETURNS void
LANGUAGE plpgsql SET enable_seqscan = off SET enable_bitmapscan = off AS $$
BEGIN
  UPDATE wallet_accounts w SET balance = w.balance + p_deltas[array_position(p_ids, w.account_id)]
  WHERE w.account_id = ANY (p_ids);
END $$;
