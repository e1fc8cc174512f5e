-- The ledger memo of a venue transfer's postings, as the member reads it in the history
-- (中心钱包 → PG电子), from its direction and the venue's name as shown: the one wording of the
-- single phases (venue_transfer_memo) and the batched ones. Each argument is read once, so the
-- function is inlined into its caller's plan even where the name is a sub-select (a call of a
-- LANGUAGE sql function that is not inlined parses its body again at every statement).
CREATE OR REPLACE FUNCTION venue_memo(p_direction text, p_shown text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_direction = 'in' THEN '中心钱包 → ' ELSE '' END || p_shown || CASE WHEN p_direction = 'in' THEN '' ELSE ' → 中心钱包' END
$$;
