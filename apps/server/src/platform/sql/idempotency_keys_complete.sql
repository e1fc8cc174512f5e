-- Records the answers of keys claimed in this transaction (platform/idempotency.ts keysCompleted),
-- key by key: each is a probe of the keys' primary key, whose plan is kept for the connection and
-- stays right however the table grows, so a batch's statement that calls this can be prepared
-- (a join with the keys is planned on the table's size of the moment: a plan kept from a young
-- table reads every key). Answers how many keys it completed.
CREATE OR REPLACE FUNCTION idempotency_keys_complete(p_members bigint[], p_keys text[], p_responses jsonb[])
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  done integer := 0;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_members, 1), 0) LOOP
    UPDATE idempotency_keys SET state = 'done', response = p_responses[i] WHERE member_id = p_members[i] AND key = p_keys[i];
    IF FOUND THEN done := done + 1; END IF;
  END LOOP;
  RETURN done;
END $$;
