-- The ledger memo of a transfer's postings.
CREATE OR REPLACE FUNCTION venue_transfer_memo(t venue_transfers) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE t.direction WHEN 'in' THEN '主钱包 → ' || t.api_name ELSE t.api_name || ' → 主钱包' END
$$;
