-- Many movements in one round trip, for the batched money paths (issue 18; wallet/ledger.ts
-- postTransfers). Every account of the batch is locked first, in account-id order as every other
-- posting locks its two, so batches and single postings cannot deadlock; then each movement goes
-- as wallet_post_transfer makes it (its locks are held already), in the order given, and answers
-- its own outcome: a refused movement moves nothing and never fails the others.
--
-- From six movements on (below, the loop is as fast), when no movement would be refused (the batched paths check balances first, so this is the rule),
-- the whole batch is written set-based: the balances after each movement as running sums per
-- account in the given order, one INSERT of the transfers (ids taken in that order, after the
-- locks, as the audit's balance-after chain wants) and one UPDATE per account. It costs about a
-- third of the movement-by-movement loop. Otherwise, or should one of the (kind, ref) pairs be
-- posted already (the unique index refuses the INSERT), the loop gives each movement its outcome.
CREATE OR REPLACE FUNCTION wallet_post_transfers(
  p_from bigint[], p_to bigint[], p_amount bigint[], p_kind text[], p_ref text[], p_memo text[]
) RETURNS TABLE (outcome text, posted_id bigint, from_after bigint, to_after bigint) LANGUAGE plpgsql AS $$
DECLARE
  size integer := coalesce(array_length(p_from, 1), 0);
  clean boolean;
  froms_after bigint[];
  tos_after bigint[];
  ids bigint[];
  held_ids bigint[];
  held_kinds text[];
  held_currencies text[];
  held_balances bigint[];
BEGIN
  -- Each account a probe of its key, in id order: this plan is kept for the connection, and one of
  -- `account_id = ANY (...)` made while the table was young read every account at every batch.
  -- What the set-based path needs of them is read as they are locked (an account not there has none).
  SELECT array_agg(w.account_id ORDER BY ids.id), array_agg(w.kind ORDER BY ids.id), array_agg(w.currency ORDER BY ids.id),
         array_agg(w.balance ORDER BY ids.id)
  INTO held_ids, held_kinds, held_currencies, held_balances
  FROM (SELECT DISTINCT a FROM unnest(p_from || p_to) AS a ORDER BY 1) AS ids(id)
  CROSS JOIN LATERAL (SELECT x.account_id, x.kind, x.currency, x.balance FROM wallet_accounts x WHERE x.account_id = ids.id FOR UPDATE) AS w;
  IF size >= 6 THEN
    WITH p AS (SELECT * FROM unnest(p_from, p_to, p_amount) WITH ORDINALITY AS p(f, t, a, n)),
    moves AS (SELECT n, f AS account_id, -a AS delta, true AS is_from FROM p UNION ALL SELECT n, t, a, false FROM p),
    run AS (
      SELECT m.n, m.is_from, held_kinds[h.k] AS kind, held_currencies[h.k] AS currency,
             held_balances[h.k] + sum(m.delta) OVER (PARTITION BY m.account_id ORDER BY m.n) AS after
      FROM moves m CROSS JOIN LATERAL (SELECT array_position(held_ids, m.account_id) AS k) AS h)
    SELECT bool_and(p.a > 0 AND fr.currency IS NOT NULL AND tr.currency IS NOT NULL AND fr.currency = tr.currency
                    AND (fr.after >= 0 OR fr.kind = 'house')),
           array_agg(fr.after ORDER BY p.n), array_agg(tr.after ORDER BY p.n)
    INTO clean, froms_after, tos_after
    FROM p JOIN run fr ON fr.n = p.n AND fr.is_from JOIN run tr ON tr.n = p.n AND NOT tr.is_from;
    IF clean THEN
      BEGIN
        WITH written AS (
          INSERT INTO wallet_transfers (transfer_id, from_account, to_account, amount_minor, kind, ref, memo, from_balance_after, to_balance_after)
          SELECT nextval('wallet_transfers_transfer_id_seq'), u.f, u.t, u.a, u.k, u.r, u.m, u.fa, u.ta
          FROM unnest(p_from, p_to, p_amount, p_kind, p_ref, p_memo, froms_after, tos_after) WITH ORDINALITY AS u(f, t, a, k, r, m, fa, ta, n)
          ORDER BY u.n
          RETURNING transfer_id)
        SELECT array_agg(transfer_id ORDER BY transfer_id) INTO ids FROM written;
      EXCEPTION WHEN unique_violation THEN
        -- A (kind, ref) posted before, or twice in the batch (the index tells, where a look first
        -- cost a probe a movement for what is rare): the loop gives each movement its outcome.
        ids := NULL;
      END;
      IF ids IS NOT NULL THEN
        -- Each account's net movement (wallet_accounts_move.sql: an UPDATE joined to the batch's
        -- accounts is planned as a join, which read every account once the table had grown).
        PERFORM wallet_accounts_move(array_agg(m.account_id), array_agg(m.delta))
        FROM (SELECT a.account_id, sum(a.delta)::bigint AS delta
              FROM (SELECT f AS account_id, -a AS delta FROM unnest(p_from, p_amount) AS x(f, a)
                    UNION ALL SELECT t, a FROM unnest(p_to, p_amount) AS y(t, a)) AS a
              GROUP BY a.account_id) AS m;
        RETURN QUERY SELECT 'posted'::text, u.id, u.fa, u.ta FROM unnest(ids, froms_after, tos_after) AS u(id, fa, ta);
        RETURN;
      END IF;
    END IF;
  END IF;
  FOR i IN 1 .. size LOOP
    SELECT t.outcome, t.posted_id, t.from_after, t.to_after INTO outcome, posted_id, from_after, to_after
    FROM wallet_post_transfer(p_from[i], p_to[i], p_amount[i], p_kind[i], p_ref[i], p_memo[i]) AS t;
    RETURN NEXT;
  END LOOP;
END $$;
