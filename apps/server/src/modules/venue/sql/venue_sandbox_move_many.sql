-- Many sandbox moves in one statement and one transaction (issue 18; venue/sandbox.ts gathers the
-- moves asked at the same time with platform/batch.ts, one per player and venue in a batch): each
-- answers as venue_sandbox_move makes it, set-based. The players' wallets are locked first, in one
-- order, so two batches cannot wait on each other in a circle; the refs are claimed after, and
-- only a twin of the same transfer (the same player's wallet, so already queued behind it) can
-- wait on one.
--
-- The wallets held are then written by their row addresses (ctid): a row this transaction holds
-- locked keeps its address until it writes it, and a TID scan (sequential scans off: its plan is
-- kept for the connection) is a probe whatever the table's size. A statement a move cost a tenth
-- of the sandbox's time in the transfers benchmark; the rare cases (a ref seen before, a short
-- balance, a first wallet opened meanwhile by another transaction) still go one by one.
--
-- Generic plans from the first call, as venue_transfer_begin_many.sql says why.
CREATE OR REPLACE FUNCTION venue_sandbox_move_many(
  p_api text[], p_ref text[], p_player bigint[], p_direction text[], p_amount bigint[]
) RETURNS TABLE (outcome text, balance_after bigint) LANGUAGE plpgsql
SET enable_seqscan = off SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  size integer := coalesce(array_length(p_ref, 1), 0);
  deltas bigint[];
  held tid[];
  moving tid[];
  balances bigint[];
  claimed boolean[];
  outcomes text[] := array_fill(NULL::text, ARRAY[size]);
  afters bigint[] := array_fill(NULL::bigint, ARRAY[size]);
  seen record;
BEGIN
  IF (SELECT count(DISTINCT (a, p)) FROM unnest(p_api, p_player) AS u(a, p)) <> size THEN
    RAISE EXCEPTION 'venue_sandbox_move_many: a wallet twice in one batch';
  END IF;
  SELECT array_agg(CASE p_direction[g] WHEN 'deposit' THEN p_amount[g] ELSE -p_amount[g] END ORDER BY g) INTO deltas
  FROM generate_subscripts(p_ref, 1) AS g;
  -- Each wallet a probe of its key, in key order (a kept plan of the join read every wallet).
  SELECT array_agg(w.ctid ORDER BY s.n), array_agg(w.balance ORDER BY s.n) INTO held, balances
  FROM (SELECT a, p, n FROM unnest(p_api, p_player) WITH ORDINALITY AS u(a, p, n) ORDER BY a, p) AS s
  LEFT JOIN LATERAL (SELECT x.ctid, x.balance FROM venue_sandbox_wallets x WHERE x.api_name = s.a AND x.player_id = s.p FOR UPDATE) AS w ON true;

  WITH c AS (
    INSERT INTO venue_sandbox_transfers (api_name, ref, player_id, direction, amount_minor, status)
    SELECT p_api[g], p_ref[g], p_player[g], p_direction[g], p_amount[g], 'success' FROM generate_subscripts(p_ref, 1) AS g ORDER BY g
    ON CONFLICT DO NOTHING RETURNING api_name, ref)
  SELECT array_agg(EXISTS (SELECT 1 FROM c WHERE c.api_name = p_api[g] AND c.ref = p_ref[g]) ORDER BY g) INTO claimed
  FROM generate_subscripts(p_ref, 1) AS g;

  FOR g IN 1 .. size LOOP
    IF NOT claimed[g] THEN
      -- A ref seen before answers its first outcome (venue_sandbox_move.sql).
      SELECT t.direction, t.status INTO seen FROM venue_sandbox_transfers t WHERE t.api_name = p_api[g] AND t.ref = p_ref[g];
      outcomes[g] := CASE WHEN seen.direction = 'fence' THEN 'fenced'
                          WHEN seen.status = 'success' AND seen.direction = p_direction[g] THEN 'success'
                          ELSE 'failed_before' END;
      -- Read again: the first may have opened the wallet since ours were locked (then waited on).
      SELECT w.balance INTO afters[g] FROM venue_sandbox_wallets w WHERE w.api_name = p_api[g] AND w.player_id = p_player[g];
      afters[g] := coalesce(afters[g], 0);
    ELSIF coalesce(balances[g], 0) + deltas[g] < 0 OR (balances[g] IS NULL AND deltas[g] <= 0) THEN
      UPDATE venue_sandbox_transfers SET status = 'failed' WHERE api_name = p_api[g] AND ref = p_ref[g];
      outcomes[g] := 'short';
      afters[g] := coalesce(balances[g], 0);
    ELSE
      outcomes[g] := 'success';
      afters[g] := coalesce(balances[g], 0) + deltas[g];
    END IF;
  END LOOP;

  -- The wallets of the moves claimed now move by their deltas; a player's first deposit opens their wallet.
  SELECT array_agg(held[g]) INTO moving FROM generate_subscripts(p_ref, 1) AS g WHERE claimed[g] AND outcomes[g] = 'success' AND held[g] IS NOT NULL;
  UPDATE venue_sandbox_wallets w SET balance = w.balance + deltas[array_position(held, w.ctid)] WHERE w.ctid = ANY (moving);
  FOR g IN 1 .. size LOOP
    CONTINUE WHEN NOT claimed[g] OR outcomes[g] <> 'success' OR held[g] IS NOT NULL;
    INSERT INTO venue_sandbox_wallets (api_name, player_id, balance) VALUES (p_api[g], p_player[g], deltas[g])
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      -- Opened meanwhile by another transaction (now committed): the deposit goes on top.
      UPDATE venue_sandbox_wallets SET balance = balance + deltas[g] WHERE api_name = p_api[g] AND player_id = p_player[g]
      RETURNING balance INTO afters[g];
    END IF;
  END LOOP;

  RETURN QUERY SELECT outcomes[g], afters[g] FROM generate_subscripts(p_ref, 1) AS g ORDER BY g;
END $$;
