-- The ledger memo of a transfer's postings (venue_memo.sql), the venue's name read here.
-- PL/pgSQL, whose statement is planned once per connection: as a LANGUAGE sql function (not
-- inlined, for its sub-select) it was parsed and planned again at every call, about a twentieth of
-- PostgreSQL's time in a venue transfer (issue 18, measured with perf).
CREATE OR REPLACE FUNCTION venue_transfer_memo(t venue_transfers) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  shown text;
BEGIN
  SELECT name INTO shown FROM venues WHERE api_name = t.api_name;
  shown := coalesce(shown, t.api_name);
  RETURN venue_memo(t.direction, shown);
END $$;
