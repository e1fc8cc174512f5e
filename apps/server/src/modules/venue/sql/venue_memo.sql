-- The ledger memo of a venue transfer's postings, as the member reads it in the history
-- (中心钱包 → PG电子), from its direction and the venue's name as shown. SQL, inlined where it is
-- called: the batched phases write it for every transfer of a set-based statement.
CREATE OR REPLACE FUNCTION venue_memo(p_direction text, p_shown text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_direction WHEN 'in' THEN '中心钱包 → ' || p_shown ELSE p_shown || ' → 中心钱包' END
$$;
