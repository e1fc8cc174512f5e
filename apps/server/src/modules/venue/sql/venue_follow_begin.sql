-- Our mirror of a member's venue balance follows the venue's figure when no transfer will move it.
-- A 'follow' takes the transfer slot (one row of venue_transfers, amount 0) while the venue's
-- figure is read, so no transfer moves money there in between; its settle (venue_follow_settle)
-- books the difference against the house slice, as a transfer's settle does. It moves nothing
-- between main and the venue and claims no key. One left pending by a crash is released by the
-- reconciliation (venue/reconcile.ts), which posts nothing for it.
--
-- Takes the slot for a follow. Answers no id when a transfer holds it (its settle moves the mirror)
-- or when the member never had a transfer there (no mirror to follow).
CREATE OR REPLACE FUNCTION venue_follow_begin(
  p_member bigint, p_site integer, p_currency text, p_api text,
  p_main_key text, p_venue_key text, p_transit_key text, p_result_key text,
  OUT started_id bigint
) LANGUAGE plpgsql AS $$
DECLARE
  main_id bigint;
  venue_id bigint;
  transit_id bigint;
  result_id bigint;
BEGIN
  SELECT max(account_id) FILTER (WHERE account_key = p_main_key), max(account_id) FILTER (WHERE account_key = p_venue_key),
         max(account_id) FILTER (WHERE account_key = p_transit_key), max(account_id) FILTER (WHERE account_key = p_result_key)
  INTO main_id, venue_id, transit_id, result_id
  FROM wallet_accounts WHERE account_key IN (p_main_key, p_venue_key, p_transit_key, p_result_key);
  IF venue_id IS NULL OR main_id IS NULL OR transit_id IS NULL OR result_id IS NULL THEN RETURN; END IF;

  INSERT INTO venue_transfers (transfer_id, ref, member_id, site_id, currency, api_name, direction, amount_minor,
                               main_account, venue_account, transit_account, result_account)
  SELECT v, 'VT' || v, p_member, p_site, p_currency, p_api, 'follow', 0, main_id, venue_id, transit_id, result_id
  FROM (SELECT nextval('venue_transfers_transfer_id_seq') AS v) id
  ON CONFLICT (member_id, api_name) WHERE status = 'pending' DO NOTHING
  RETURNING transfer_id INTO started_id;
END $$;
