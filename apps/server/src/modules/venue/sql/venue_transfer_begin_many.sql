-- The phases of many venue transfers in one statement each (issue 18; venue/phases.ts gathers
-- them with platform/batch.ts): each transfer goes as its own phase function makes it, in the
-- batch's one transaction. A refused begin undoes its own part and is answered as `refusal`
-- (venue_transfer_start); anything raised fails the batch, whose transfers then go again one by
-- one. No transfer has a subtransaction of its own: an update in a subtransaction of a row its
-- transaction had locked leaves a MultiXact on the row, which every later reader looks up.
--
-- Locks: every lock a phase of the batch will take on a transfer row and on an account is taken
-- first, in one order (transfer rows by id, then accounts by id), so two batches, or a batch and
-- a single phase, cannot wait on each other in a circle but where a single phase starts on its
-- transfer row while a batch holds that transfer's accounts: the database then ends one of them
-- (deadlock_detected) and it runs again whole.
CREATE OR REPLACE FUNCTION venue_transfer_begin_many(
  p_member bigint[], p_site integer[], p_currency text[], p_api text[], p_direction text[], p_amount bigint[],
  p_key text[], p_hash text[], p_main_key text[], p_venue_key text[], p_transit_key text[], p_result_key text[]
) RETURNS TABLE (answer jsonb, started_id bigint, started_ref text, reserved boolean, refusal text) LANGUAGE plpgsql AS $$
BEGIN
  -- Not the house's result accounts: phase one never posts there (it may only create one), and
  -- holding them made every batch of beginnings wait on the settlements of other members.
  -- Each a probe of its key, locked in id order (a kept plan of `= ANY (...)` made on a young table
  -- read every account at every batch); an account not made yet has no id and nothing to lock.
  PERFORM 1 FROM (SELECT DISTINCT (SELECT a.account_id FROM wallet_accounts a WHERE a.account_key = k) AS id
                  FROM unnest(p_main_key || p_venue_key || p_transit_key) AS k ORDER BY 1) AS ids
  CROSS JOIN LATERAL (SELECT 1 FROM wallet_accounts w WHERE w.account_id = ids.id FOR UPDATE) AS held;
  FOR i IN 1 .. coalesce(array_length(p_member, 1), 0) LOOP
    answer := NULL; started_id := NULL; started_ref := NULL; reserved := NULL; refusal := NULL;
    SELECT b.answer, b.started_id, b.started_ref, b.reserved, b.refusal INTO answer, started_id, started_ref, reserved, refusal
    FROM venue_transfer_start(p_member[i], p_site[i], p_currency[i], p_api[i], p_direction[i], p_amount[i], p_key[i], p_hash[i],
                              p_main_key[i], p_venue_key[i], p_transit_key[i], p_result_key[i]) AS b;
    RETURN NEXT;
  END LOOP;
END $$;
