-- Refuses a phase: SQLSTATE BP001, the error catalogue's name as the message (venue/phases.ts maps it).
CREATE OR REPLACE FUNCTION venue_refuse(p_error text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'BP001', MESSAGE = p_error;
END $$;
