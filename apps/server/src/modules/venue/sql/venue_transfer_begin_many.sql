-- Phase one of many venue transfers in one statement (issue 18; venue/phases.ts gathers them with
-- platform/batch.ts, one per member in a batch), set-based: what venue_transfer_start does for one
-- (the rules: venue_transfer_begin.sql), a handful of statements does for the batch, in its one
-- transaction. A refused transfer (refusal: the catalogue's name) leaves nothing of its own behind
-- and never fails the others; anything raised fails the batch, whose transfers then go again one
-- by one. No transfer has a subtransaction of its own: an update in a subtransaction of a row its
-- transaction had locked leaves a MultiXact on the row, which every later reader looks up.
-- Rows answer in the order given.
--
-- Locks: the two accounts of each member that the reserve moves first (transit, and main for an
-- 'in', the venue's mirror for an 'out': a lock on the third was a WAL record a transfer for
-- nothing; not the house's result accounts either: phase one never posts there, it may only create
-- one), in id order, each a probe of its key (a kept plan of `= ANY` made on a young table read
-- every account at every batch); an account not made yet has no id and nothing to lock. Every
-- phase of a member moves its transit account, so one member's phases still queue there. Then the
-- keys are claimed and the slots taken, each member's its own. Two batches, or a batch and a single
-- phase, cannot wait on each other in a circle but where a single phase starts on its transfer row
-- while a batch holds that transfer's accounts: the database then ends one of them
-- (deadlock_detected) and it runs again whole.
--
-- Its statements (and those of the functions it calls) run on generic plans from the first call
-- (plan_cache_mode): each is written to plan the same at any size, which src/test/kept-plans.test.ts
-- checks on generic plans. Left to choose, a statement whose custom plan folds to next to nothing
-- (an empty array) is planned again at every call: 7 % of PostgreSQL's time went to such planning (perf, issue 18).
CREATE OR REPLACE FUNCTION venue_transfer_begin_many(
  p_member bigint[], p_site integer[], p_currency text[], p_api text[], p_direction text[], p_amount bigint[],
  p_key text[], p_hash text[], p_main_key text[], p_venue_key text[], p_transit_key text[], p_result_key text[]
) RETURNS TABLE (answer jsonb, started_id bigint, started_ref text, reserved boolean, refusal text) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  size integer := coalesce(array_length(p_member, 1), 0);
  refusals text[];
  answers jsonb[] := array_fill(NULL::jsonb, ARRAY[size]);
  claimed bigint[];
  earlier record;
  ids bigint[];
  rows_started integer[];
  outcomes text[];
  reserves boolean[] := array_fill(NULL::boolean, ARRAY[size]);
  n integer;
BEGIN
  IF (SELECT count(DISTINCT m) FROM unnest(p_member) AS m) <> size THEN
    RAISE EXCEPTION 'venue_transfer_begin_many: a member twice in one batch';
  END IF;
  PERFORM 1 FROM (SELECT DISTINCT (SELECT a.account_id FROM wallet_accounts a WHERE a.account_key = k) AS id
                  FROM unnest(p_transit_key || ARRAY(SELECT CASE p_direction[g] WHEN 'in' THEN p_main_key[g] ELSE p_venue_key[g] END
                                                     FROM generate_subscripts(p_member, 1) AS g)) AS k ORDER BY 1) AS ids
  CROSS JOIN LATERAL (SELECT 1 FROM wallet_accounts w WHERE w.account_id = ids.id FOR UPDATE) AS held;

  SELECT array_agg(CASE WHEN v.status IS NULL THEN 'VENUE_UNKNOWN' WHEN v.status <> 0 THEN 'VENUE_UNAVAILABLE' END ORDER BY u.n)
  INTO refusals
  FROM unnest(p_api) WITH ORDINALITY AS u(api, n) LEFT JOIN venues v ON v.api_name = u.api;

  -- The keys, claimed as platform/idempotency.ts claimKey does: a twin in flight waits on the row.
  WITH c AS (
    INSERT INTO idempotency_keys (member_id, key, request_hash, state)
    SELECT p_member[g], p_key[g], p_hash[g], 'pending' FROM generate_subscripts(p_member, 1) AS g
    WHERE refusals[g] IS NULL AND p_key[g] IS NOT NULL
    ON CONFLICT DO NOTHING RETURNING member_id)
  SELECT array_agg(member_id) INTO claimed FROM c;
  -- A key used before answers as it did for the same request, or refuses (a row each: rare).
  FOR i IN 1 .. size LOOP
    CONTINUE WHEN refusals[i] IS NOT NULL OR p_key[i] IS NULL OR p_member[i] = ANY (coalesce(claimed, '{}'));
    SELECT k.request_hash, k.state, k.response INTO earlier FROM idempotency_keys k WHERE k.member_id = p_member[i] AND k.key = p_key[i];
    IF NOT FOUND THEN refusals[i] := 'IDEMPOTENCY_IN_FLIGHT';
    ELSIF earlier.request_hash <> p_hash[i] THEN refusals[i] := 'IDEMPOTENCY_MISMATCH';
    ELSIF earlier.state = 'pending' THEN refusals[i] := 'IDEMPOTENCY_IN_FLIGHT';
    ELSE answers[i] := earlier.response;
    END IF;
  END LOOP;

  -- The transfers, on their accounts (created on first use), each taking its member's slot at the
  -- venue (the partial unique index): one transfer in flight per member and venue.
  WITH g AS (
    SELECT g AS n, nextval('venue_transfers_transfer_id_seq') AS id FROM generate_subscripts(p_member, 1) AS g
    WHERE refusals[g] IS NULL AND answers[g] IS NULL),
  t AS (
    INSERT INTO venue_transfers (transfer_id, ref, member_id, site_id, currency, api_name, direction, amount_minor, idempotency_key,
                                 main_account, venue_account, transit_account, result_account)
    SELECT g.id, 'VT' || g.id, p_member[g.n], p_site[g.n], p_currency[g.n], p_api[g.n], p_direction[g.n], p_amount[g.n], p_key[g.n],
           coalesce((SELECT a.account_id FROM wallet_accounts a WHERE a.account_key = p_main_key[g.n]),
                    wallet_account_id(p_main_key[g.n], p_site[g.n], p_currency[g.n], 'main', p_member[g.n], '')),
           coalesce((SELECT a.account_id FROM wallet_accounts a WHERE a.account_key = p_venue_key[g.n]),
                    wallet_account_id(p_venue_key[g.n], p_site[g.n], p_currency[g.n], 'venue', p_member[g.n], p_api[g.n])),
           coalesce((SELECT a.account_id FROM wallet_accounts a WHERE a.account_key = p_transit_key[g.n]),
                    wallet_account_id(p_transit_key[g.n], p_site[g.n], p_currency[g.n], 'transit', p_member[g.n], '')),
           coalesce((SELECT a.account_id FROM wallet_accounts a WHERE a.account_key = p_result_key[g.n]),
                    wallet_account_id(p_result_key[g.n], p_site[g.n], p_currency[g.n], 'house', NULL, 'venues'))
    FROM g ORDER BY g.n
    ON CONFLICT (member_id, api_name) WHERE status = 'pending' DO NOTHING
    RETURNING transfer_id, member_id)
  SELECT array_agg((SELECT t.transfer_id FROM t WHERE t.member_id = p_member[g]) ORDER BY g) INTO ids
  FROM generate_subscripts(p_member, 1) AS g;

  -- The reserves, set-based (wallet_post_transfers): 'in' main -> transit, 'out' venue mirror -> transit.
  SELECT array_agg(g ORDER BY g) INTO rows_started FROM generate_subscripts(p_member, 1) AS g WHERE ids[g] IS NOT NULL;
  IF rows_started IS NOT NULL THEN
    SELECT array_agg(w.outcome ORDER BY w.k) INTO outcomes
    FROM (SELECT array_agg(CASE t.direction WHEN 'in' THEN t.main_account ELSE t.venue_account END ORDER BY r.k) AS froms,
                 array_agg(t.transit_account ORDER BY r.k) AS tos, array_agg(t.amount_minor ORDER BY r.k) AS amounts,
                 array_agg('transfer.reserve'::text ORDER BY r.k) AS kinds, array_agg('venue:' || t.transfer_id ORDER BY r.k) AS refs,
                 array_agg(venue_memo(t.direction, coalesce((SELECT v.name FROM venues v WHERE v.api_name = t.api_name), t.api_name))
                           ORDER BY r.k) AS memos
          FROM unnest(rows_started) WITH ORDINALITY AS r(g, k)
          CROSS JOIN LATERAL (SELECT * FROM venue_transfers x WHERE x.transfer_id = ids[r.g] OFFSET 0) AS t) AS m
    CROSS JOIN LATERAL wallet_post_transfers(m.froms, m.tos, m.amounts, m.kinds, m.refs, m.memos) WITH ORDINALITY AS w(outcome, posted_id, from_after, to_after, k);
  END IF;
  FOR k IN 1 .. coalesce(array_length(rows_started, 1), 0) LOOP
    n := rows_started[k];
    IF outcomes[k] = 'posted' THEN reserves[n] := true;
    ELSIF outcomes[k] = 'insufficient' AND p_direction[n] <> 'in' THEN reserves[n] := false; -- the caller reads the venue first
    ELSIF outcomes[k] = 'insufficient' THEN
      -- Nothing was posted: the transfer goes, and below its key, as a rollback would take them.
      refusals[n] := 'INSUFFICIENT_BALANCE';
      DELETE FROM venue_transfers WHERE transfer_id = ids[n];
      ids[n] := NULL;
    ELSE
      RAISE EXCEPTION 'venue transfer posting transfer.reserve venue:% refused: %', ids[n], outcomes[k];
    END IF;
  END LOOP;

  -- A going transfer that took no slot found one held: VENUE_PENDING. Keys this call claimed for
  -- refused transfers are freed, so each can be sent again.
  SELECT array_agg(CASE WHEN refusals[g] IS NULL AND answers[g] IS NULL AND ids[g] IS NULL THEN 'VENUE_PENDING' ELSE refusals[g] END ORDER BY g)
  INTO refusals FROM generate_subscripts(p_member, 1) AS g;
  PERFORM idempotency_keys_drop(array_agg(p_member[g]), array_agg(p_key[g]))
  FROM generate_subscripts(p_member, 1) AS g WHERE refusals[g] IS NOT NULL AND p_member[g] = ANY (claimed);

  RETURN QUERY
  SELECT answers[g], ids[g], 'VT' || ids[g], reserves[g], refusals[g] FROM generate_subscripts(p_member, 1) AS g ORDER BY g;
END $$;
