-- Two-phase venue transfers with one statement (one round trip, one transaction) per phase:
-- venue_transfer_begin (key claimed, slot taken, reserve), then the venue's call, then
-- venue_transfer_settle (commit or release, key completed or freed). venue/phases.ts drives
-- them. A refusal raises SQLSTATE BP001 with the error catalogue's name as its message
-- (venue_refuse), so a refused phase changes nothing.
--
-- Lock order: the venue_transfers row first; then each posting locks its two accounts in id order,
-- and the first posting of every phase includes the member's transit account, so one member's
-- phases queue there (venue_transfer_reserve, whose first posting is the mirror's, locks transit
-- first); last, at most one house slice. Members share nothing but house slices: no cycle.
--
-- Calls are plain assignments where they can be (PL/pgSQL evaluates those without starting an
-- executor), and the four accounts of a transfer are found in one statement.
--
-- Phase one. Answers the stored result of a key used before (answer), or the transfer begun.
-- 'in' reserves main -> transit. 'out' reserves venue mirror -> transit when the mirror holds
-- enough (reserved); otherwise the caller reads the venue's balance and calls
-- venue_transfer_reserve while holding the slot. The work is venue_transfer_start's; a refusal is
-- raised here, so the statement changes nothing.
CREATE OR REPLACE FUNCTION venue_transfer_begin(
  p_member bigint, p_site integer, p_currency text, p_api text, p_direction text, p_amount bigint,
  p_key text, p_hash text, p_main_key text, p_venue_key text, p_transit_key text, p_result_key text,
  OUT answer jsonb, OUT started_id bigint, OUT started_ref text, OUT reserved boolean
) LANGUAGE plpgsql AS $$
DECLARE
  refusal text;
BEGIN
  SELECT s.answer, s.started_id, s.started_ref, s.reserved, s.refusal INTO answer, started_id, started_ref, reserved, refusal
  FROM venue_transfer_start(p_member, p_site, p_currency, p_api, p_direction, p_amount, p_key, p_hash,
                            p_main_key, p_venue_key, p_transit_key, p_result_key) AS s;
  IF refusal IS NOT NULL THEN PERFORM venue_refuse(refusal); END IF;
END $$;
