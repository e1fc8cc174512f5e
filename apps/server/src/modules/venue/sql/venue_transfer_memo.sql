-- The ledger memo of a transfer's postings, as the member reads it in the history: 中心钱包 → PG电子.
CREATE OR REPLACE FUNCTION venue_transfer_memo(t venue_transfers) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE t.direction WHEN 'in' THEN '中心钱包 → ' || v.name ELSE v.name || ' → 中心钱包' END
  FROM (SELECT coalesce((SELECT name FROM venues WHERE api_name = t.api_name), t.api_name) AS name) v
$$;
