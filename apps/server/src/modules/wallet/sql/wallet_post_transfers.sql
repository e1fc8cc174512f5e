-- Many movements in one round trip, for the batched money paths (issue 18; wallet/ledger.ts
-- postTransfers). Every account of the batch is locked first, in account-id order as every other
-- posting locks its two, so batches and single postings cannot deadlock; then each movement goes
-- as wallet_post_transfer makes it (its locks are held already), in the order given, and answers
-- its own outcome: a refused movement moves nothing and never fails the others.
CREATE OR REPLACE FUNCTION wallet_post_transfers(
  p_from bigint[], p_to bigint[], p_amount bigint[], p_kind text[], p_ref text[], p_memo text[]
) RETURNS TABLE (outcome text, posted_id bigint, from_after bigint, to_after bigint) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM wallet_accounts WHERE account_id = ANY (p_from || p_to) ORDER BY account_id FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_from, 1), 0) LOOP
    SELECT t.outcome, t.posted_id, t.from_after, t.to_after INTO outcome, posted_id, from_after, to_after
    FROM wallet_post_transfer(p_from[i], p_to[i], p_amount[i], p_kind[i], p_ref[i], p_memo[i]) AS t;
    RETURN NEXT;
  END LOOP;
END $$;
