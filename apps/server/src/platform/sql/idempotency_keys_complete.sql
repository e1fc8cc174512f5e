-- Records the answers of keys claimed in this transaction (platform/idempotency.ts keysCompleted)
-- in one statement. Planned with sequential and bitmap scans and hash and merge joins off, so its
-- plan, kept for the connection, is a probe of the keys' primary key for each key, whatever the
-- table's size when it was made: a plan made on a young table could read every key at every call
-- (issue 18). One statement, not one a key: each statement writing the table prepares its check
-- again. Answers how many keys it completed.
CREATE OR REPLACE FUNCTION idempotency_keys_complete(p_members bigint[], p_keys text[], p_responses jsonb[])
RETURNS integer LANGUAGE plpgsql
SET enable_seqscan = off SET enable_bitmapscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  done integer;
BEGIN
  IF coalesce(array_length(p_members, 1), 0) = 0 THEN RETURN 0; END IF; -- nothing to do (often): no statement planned
  UPDATE idempotency_keys k SET state = 'done', response = u.response
  FROM unnest(p_members, p_keys, p_responses) AS u(member_id, key, response)
  WHERE k.member_id = u.member_id AND k.key = u.key;
  GET DIAGNOSTICS done = ROW_COUNT;
  RETURN done;
END $$;
