-- A posting of a venue transfer; a short source refuses the phase. Answers 'posted'.
CREATE OR REPLACE FUNCTION venue_post(p_from bigint, p_to bigint, p_amount bigint, p_kind text, p_ref text, p_memo text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  posted text := (wallet_post_transfer(p_from, p_to, p_amount, p_kind, p_ref, p_memo)).outcome;
BEGIN
  IF posted = 'insufficient' THEN PERFORM venue_refuse('INSUFFICIENT_BALANCE'); END IF;
  IF posted <> 'posted' THEN RAISE EXCEPTION 'venue transfer posting % % refused: %', p_kind, p_ref, posted; END IF;
  RETURN posted;
END $$;
