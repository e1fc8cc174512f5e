-- Marks the pending ones of many venue transfers settled, each with its outcome and error
-- (venue_transfer_settle_many), in one statement: answers the ids it settled; those settled before
-- (by the reconciliation, or a twin) are left as they are. The rows are locked as the index scan
-- of the ids meets them, in id order (a scan of `= ANY` sorts its array). Planned with sequential
-- and bitmap scans off, as wallet_accounts_move.sql and for its reason: its plan, kept for the
-- connection, is an index scan of the ids whatever the table's size when it was made. One
-- statement, not one a transfer: each statement writing the table prepares its five checks again
-- (issue 18, perf).
CREATE OR REPLACE FUNCTION venue_transfers_mark_settled(p_ids bigint[], p_outcomes text[], p_errors text[]) RETURNS bigint[]
LANGUAGE plpgsql SET enable_seqscan = off SET enable_bitmapscan = off AS $$
DECLARE
  settled bigint[];
BEGIN
  WITH s AS (
    UPDATE venue_transfers t SET status = p_outcomes[array_position(p_ids, t.transfer_id)], settled_at = now(),
                                 last_error = coalesce(p_errors[array_position(p_ids, t.transfer_id)], t.last_error)
    WHERE t.transfer_id = ANY (p_ids) AND t.status = 'pending'
    RETURNING t.transfer_id)
  SELECT array_agg(s.transfer_id ORDER BY s.transfer_id) INTO settled FROM s;
  RETURN settled;
END $$;
