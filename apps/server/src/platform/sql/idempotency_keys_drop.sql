-- Drops keys this transaction claimed for calls it then refused, so each can be sent again
-- (platform/idempotency.ts keysDropped): one statement, planned as idempotency_keys_complete's and
-- for its reason. Answers how many it dropped.
CREATE OR REPLACE FUNCTION idempotency_keys_drop(p_members bigint[], p_keys text[])
RETURNS integer LANGUAGE plpgsql
SET enable_seqscan = off SET enable_bitmapscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  dropped integer;
BEGIN
  IF coalesce(array_length(p_members, 1), 0) = 0 THEN RETURN 0; END IF; -- nothing to do (often): no statement planned
  DELETE FROM idempotency_keys k USING unnest(p_members, p_keys) AS u(member_id, key)
  WHERE k.member_id = u.member_id AND k.key = u.key;
  GET DIAGNOSTICS dropped = ROW_COUNT;
  RETURN dropped;
END $$;
