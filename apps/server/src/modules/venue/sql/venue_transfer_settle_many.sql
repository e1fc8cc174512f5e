-- Phase two of many venue transfers in one statement (issue 18; venue/phases.ts gathers them with
-- platform/batch.ts), set-based: what venue_transfer_settle does for one, a handful of statements
-- does for the batch. A settle refuses nothing in the run of things (the transit holds what it
-- moves on); should anything raise, the batch goes again one by one and that one answers its
-- error alone. `refusal` is always null. Rows answer in the order given.
--
-- Locks, in the order of venue_transfer_begin.sql: the pending transfer rows by id, then their
-- members' accounts by id; the house slices last, and only those a mirror's posting moves (in id
-- order, by wallet_post_transfers): holding every slice of the batch made settle batches wait on
-- each other for nothing, as the mirror moves only when the venue's figure differs. Every row is
-- reached by a probe of its key: these plans are kept for the connection, and a join or
-- `= ANY (...)` planned while the tables were young (an array is guessed at ten elements, an
-- unvacuumed table at ten pages) reads every row at every batch once the tables have grown.
--
-- Generic plans from the first call, as venue_transfer_begin_many.sql says why.
CREATE OR REPLACE FUNCTION venue_transfer_settle_many(
  p_transfer_id bigint[], p_outcome text[], p_venue_balance bigint[], p_error text[]
) RETURNS TABLE (main_balance bigint, venue_balance bigint, refusal text) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  size integer := coalesce(array_length(p_transfer_id, 1), 0);
  settled bigint[];
  unreserved text;
  froms bigint[];
  tos bigint[];
  amounts bigint[];
  kinds text[];
  refs text[];
  memos text[];
  posted integer;
  mains bigint[];
  venues bigint[];
BEGIN
  IF (SELECT count(DISTINCT i) FROM unnest(p_transfer_id) AS i) <> size THEN
    RAISE EXCEPTION 'venue_transfer_settle_many: a transfer twice in one batch';
  END IF;
  -- The pending ones are settled, their rows locked by that update in id order (an index scan of
  -- the ids); those settled before (by the reconciliation, or a twin) only answer. Then the
  -- accounts of those settled now that may move, in id order: transit, the venue's mirror (the
  -- venue's figure may move it), and main only where the reserve goes (a success 'out', a released
  -- 'in'): the answer reads main's balance, which needs no lock.
  settled := venue_transfers_mark_settled(p_transfer_id, p_outcome, p_error);
  PERFORM 1 FROM (SELECT DISTINCT a AS id FROM unnest(settled) AS i(tid),
                    unnest((SELECT CASE WHEN (t.status = 'success') = (t.direction = 'in')
                                        THEN ARRAY[t.venue_account, t.transit_account]
                                        ELSE ARRAY[t.main_account, t.venue_account, t.transit_account] END
                            FROM venue_transfers t WHERE t.transfer_id = i.tid)) AS a
                  ORDER BY 1) AS ids
  CROSS JOIN LATERAL (SELECT 1 FROM wallet_accounts w WHERE w.account_id = ids.id FOR UPDATE) AS held;

  IF settled IS NOT NULL THEN
    PERFORM set_config('synchronous_commit', 'off', true); -- why: venue_transfer_settle.sql
    -- Each reserve goes on to its target ('success') or back to its source; a success without a
    -- reserve needs an operator. Rows are read by probes (LATERAL ... OFFSET 0 is never made a join).
    SELECT min(t.ref) FILTER (WHERE t.status = 'success' AND NOT t.reserved),
           array_agg(t.transit_account ORDER BY t.transfer_id) FILTER (WHERE t.reserved),
           array_agg(CASE WHEN (t.status = 'success') = (t.direction = 'in') THEN t.venue_account ELSE t.main_account END
                     ORDER BY t.transfer_id) FILTER (WHERE t.reserved),
           array_agg(t.amount_minor ORDER BY t.transfer_id) FILTER (WHERE t.reserved),
           array_agg(CASE t.status WHEN 'success' THEN 'transfer.commit' ELSE 'transfer.release' END ORDER BY t.transfer_id)
             FILTER (WHERE t.reserved),
           array_agg('venue:' || t.transfer_id ORDER BY t.transfer_id) FILTER (WHERE t.reserved),
           array_agg(venue_memo(t.direction, coalesce((SELECT v.name FROM venues v WHERE v.api_name = t.api_name), t.api_name))
                     ORDER BY t.transfer_id) FILTER (WHERE t.reserved)
    INTO unreserved, froms, tos, amounts, kinds, refs, memos
    FROM unnest(settled) AS u(id)
    CROSS JOIN LATERAL (SELECT x.*, EXISTS (SELECT 1 FROM wallet_transfers w WHERE w.kind = 'transfer.reserve' AND w.ref = 'venue:' || x.transfer_id) AS reserved
                        FROM venue_transfers x WHERE x.transfer_id = u.id OFFSET 0) AS t;
    IF unreserved IS NOT NULL THEN
      RAISE EXCEPTION 'venue transfer % succeeded without a reserve: needs an operator', unreserved;
    END IF;
    IF froms IS NOT NULL THEN
      SELECT count(*) INTO posted FROM wallet_post_transfers(froms, tos, amounts, kinds, refs, memos) AS w WHERE w.outcome = 'posted';
      IF posted <> array_length(froms, 1) THEN RAISE EXCEPTION 'venue transfer postings of a settle batch refused'; END IF;
    END IF;

    -- Our mirror takes the venue's figure, where it was given (venue_sync_mirror.sql): the
    -- difference goes against the house slice.
    SELECT array_agg(CASE WHEN d.diff > 0 THEN d.result_account ELSE d.venue_account END ORDER BY d.transfer_id),
           array_agg(CASE WHEN d.diff > 0 THEN d.venue_account ELSE d.result_account END ORDER BY d.transfer_id),
           array_agg(abs(d.diff) ORDER BY d.transfer_id), array_agg('venue.result'::text),
           array_agg('venue:' || d.transfer_id || ':after' ORDER BY d.transfer_id), array_agg(NULL::text)
    INTO froms, tos, amounts, kinds, refs, memos
    FROM unnest(p_transfer_id, p_venue_balance) AS u(id, vb)
    CROSS JOIN LATERAL (SELECT x.transfer_id, x.venue_account, x.result_account,
                               u.vb - (SELECT w.balance FROM wallet_accounts w WHERE w.account_id = x.venue_account) AS diff
                        FROM venue_transfers x WHERE x.transfer_id = u.id OFFSET 0) AS d
    WHERE u.vb IS NOT NULL AND u.id = ANY (settled) AND d.diff <> 0;
    IF froms IS NOT NULL THEN
      SELECT count(*) INTO posted FROM wallet_post_transfers(froms, tos, amounts, kinds, refs, memos) AS w WHERE w.outcome = 'posted';
      IF posted <> array_length(froms, 1) THEN RAISE EXCEPTION 'venue mirror postings of a settle batch refused'; END IF;
    END IF;
  END IF;

  -- The answers: the main balance and the venue's (its figure, else our mirror).
  SELECT array_agg(t.main ORDER BY u.n), array_agg(coalesce(u.vb, t.venue) ORDER BY u.n) INTO mains, venues
  FROM unnest(p_transfer_id, p_venue_balance) WITH ORDINALITY AS u(id, vb, n)
  CROSS JOIN LATERAL (SELECT (SELECT w.balance FROM wallet_accounts w WHERE w.account_id = x.main_account) AS main,
                             (SELECT w.balance FROM wallet_accounts w WHERE w.account_id = x.venue_account) AS venue
                      FROM venue_transfers x WHERE x.transfer_id = u.id OFFSET 0) AS t;

  -- The keys of the transfers settled now: a success's completed with its answer, a failure's freed.
  IF settled IS NOT NULL THEN
    PERFORM idempotency_keys_complete(array_agg(t.member_id) FILTER (WHERE t.status = 'success'),
                                      array_agg(t.idempotency_key) FILTER (WHERE t.status = 'success'),
                                      array_agg(jsonb_build_object('main', round(mains[u.n] / 100.0, 2), 'venue', round(venues[u.n] / 100.0, 2)))
                                        FILTER (WHERE t.status = 'success')),
            idempotency_keys_drop(array_agg(t.member_id) FILTER (WHERE t.status <> 'success'),
                                  array_agg(t.idempotency_key) FILTER (WHERE t.status <> 'success'))
    FROM unnest(p_transfer_id) WITH ORDINALITY AS u(id, n)
    CROSS JOIN LATERAL (SELECT x.member_id, x.idempotency_key, x.status FROM venue_transfers x WHERE x.transfer_id = u.id OFFSET 0) AS t
    WHERE u.id = ANY (settled) AND t.idempotency_key IS NOT NULL;
  END IF;
  RETURN QUERY SELECT u.m, u.v, NULL::text FROM unnest(mains, venues) AS u(m, v);
END $$;
