-- The first of a bet batch's two statements (bets/place-bet.ts placeBets, issue 18): everything
-- the bets' checks read, in one round trip. Each step is its own statement, so each reads what
-- committed before it began: the exposures are read after the members' turns are held. Plans are
-- kept for the connection's life (platform/db/prepared.ts): every read of a growing table is a
-- probe of its index per order (a correlated subquery), which plans the same at any size.
--   1. the members' turns (advisory locks, in one order for every batch: batches cannot deadlock);
--   2. the idempotency keys claimed 'done', as platform/idempotency.ts claimKeys does; `fresh`
--      holds the orders (1-based) whose key this call claimed, `earlier` each other order's
--      claim as it stands (null: none, a twin's transaction rolled back; all null when all are fresh);
--   3. the fresh orders' selections, their prices held (sports_lock_selections);
--   4. per fresh order (null otherwise): the member's stake factor and, for a single, what they
--      have open in singles on its market (sports_open_singles; bets/limits.ts checkLimits);
--   5. one bet id per fresh order.
CREATE OR REPLACE FUNCTION sports_bets_prepare(
  p_turns text[], p_members bigint[], p_keys text[], p_hashes text[], p_singles boolean[],
  p_leg_order integer[], p_leg_selection bigint[],
  OUT fresh integer[], OUT earlier jsonb, OUT selections jsonb, OUT exposures jsonb, OUT bet_ids bigint[]
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count(pg_advisory_xact_lock(h)) FROM (SELECT DISTINCT hashtextextended(t, 0) AS h FROM unnest(p_turns) AS t ORDER BY 1) AS turn;

  WITH claimed AS (
    INSERT INTO idempotency_keys (member_id, key, request_hash, state)
    SELECT * FROM unnest(p_members, p_keys, p_hashes, array_fill('done'::text, ARRAY[cardinality(p_members)]))
    ON CONFLICT DO NOTHING RETURNING member_id, key)
  SELECT coalesce(array_agg(o.n ORDER BY o.n), '{}') INTO fresh
  FROM unnest(p_members, p_keys) WITH ORDINALITY AS o(member_id, key, n) JOIN claimed c USING (member_id, key);

  IF cardinality(fresh) < cardinality(p_members) THEN
    SELECT jsonb_agg(CASE WHEN o.n = ANY (fresh) THEN NULL ELSE (
        SELECT jsonb_build_object('request_hash', k.request_hash, 'state', k.state, 'response', k.response)
        FROM idempotency_keys k WHERE k.member_id = o.member_id AND k.key = o.key) END ORDER BY o.n)
    INTO earlier
    FROM unnest(p_members, p_keys) WITH ORDINALITY AS o(member_id, key, n);
  END IF;

  SELECT coalesce(jsonb_agg(to_jsonb(s)), '[]') INTO selections
  FROM sports_lock_selections(ARRAY(SELECT DISTINCT l.s FROM unnest(p_leg_order, p_leg_selection) AS l(n, s) WHERE l.n = ANY (fresh))) AS s;

  SELECT jsonb_agg(CASE WHEN NOT o.n = ANY (fresh) THEN NULL ELSE jsonb_build_array(
      coalesce((SELECT stake_factor FROM sports_member_limits WHERE member_id = o.member_id), 1)::float8,
      CASE WHEN NOT o.single THEN '0' ELSE coalesce((
        SELECT os.staked_minor FROM sports_open_singles os
        WHERE os.member_id = o.member_id
          AND os.market_id = (SELECT market_id FROM sports_selections WHERE selection_id = p_leg_selection[array_position(p_leg_order, o.n::integer)])), 0)::text
      END) END ORDER BY o.n)
  INTO exposures
  FROM unnest(p_members, p_singles) WITH ORDINALITY AS o(member_id, single, n);

  bet_ids := ARRAY(SELECT nextval('sports_bets_bet_id_seq') FROM generate_subscripts(fresh, 1));
END $$;
