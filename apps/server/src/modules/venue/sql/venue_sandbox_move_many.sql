-- Many sandbox moves in one statement and one transaction (issue 18; venue/sandbox.ts gathers the
-- moves asked at the same time with platform/batch.ts, one per player and venue in a batch): each
-- answers as venue_sandbox_move makes it. The players' wallets are locked first, in one order, so
-- two batches cannot wait on each other in a circle; a ref is claimed after, and only a twin of
-- the same transfer (the same player's wallet, so already queued behind it) can wait on it.
CREATE OR REPLACE FUNCTION venue_sandbox_move_many(
  p_api text[], p_ref text[], p_player bigint[], p_direction text[], p_amount bigint[]
) RETURNS TABLE (outcome text, balance_after bigint) LANGUAGE plpgsql AS $$
BEGIN
  -- Each wallet a probe of its key, in key order (a kept plan of the join read every wallet).
  PERFORM 1 FROM (SELECT DISTINCT a, p FROM unnest(p_api, p_player) AS u(a, p) ORDER BY 1, 2) AS ids(api, player)
  CROSS JOIN LATERAL (SELECT 1 FROM venue_sandbox_wallets w WHERE w.api_name = ids.api AND w.player_id = ids.player FOR UPDATE) AS held;
  FOR i IN 1 .. coalesce(array_length(p_ref, 1), 0) LOOP
    SELECT m.outcome, m.balance_after INTO outcome, balance_after
    FROM venue_sandbox_move(p_api[i], p_ref[i], p_player[i], p_direction[i], p_amount[i]) AS m;
    RETURN NEXT;
  END LOOP;
END $$;
