-- The ledger memo of a venue transfer's postings, as the member reads it in the history
-- (中心钱包 → PG电子), from its direction and the venue's name as shown: the one wording of the
-- single phases (venue_transfer_memo) and the batched ones. Not inlined where the name comes from
-- a sub-select (it is used twice); planned once per calling statement, about a microsecond a call.
CREATE OR REPLACE FUNCTION venue_memo(p_direction text, p_shown text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_direction WHEN 'in' THEN '中心钱包 → ' || p_shown ELSE p_shown || ' → 中心钱包' END
$$;
