-- Drops keys this transaction claimed for calls it then refused, so each can be sent again
-- (platform/idempotency.ts keysDropped): key by key, as idempotency_keys_complete and for its
-- reason. Answers how many it dropped.
CREATE OR REPLACE FUNCTION idempotency_keys_drop(p_members bigint[], p_keys text[])
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  dropped integer := 0;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_members, 1), 0) LOOP
    DELETE FROM idempotency_keys WHERE member_id = p_members[i] AND key = p_keys[i];
    IF FOUND THEN dropped := dropped + 1; END IF;
  END LOOP;
  RETURN dropped;
END $$;
