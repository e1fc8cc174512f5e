-- Selections as they stand now, with their market, match and league (bets/legs.ts LiveSelection),
-- their prices held until the caller's transaction ends: the lock is taken on the markets alone,
-- as the feed always locks a match's markets before their selections (no deadlock). Planned at
-- each call with its ids (EXECUTE): a plan kept from a young book scanned every selection.
CREATE OR REPLACE FUNCTION sports_lock_selections(p_ids bigint[])
RETURNS TABLE (
  selection_id bigint, code text, odds_x100 integer, selection_status text, market_id bigint, kind text, line numeric,
  map_no smallint, market_status text, match_id bigint, match_status text, start_ms float8, venue_code text
) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY EXECUTE '
    SELECT s.selection_id, s.code, s.odds_x100, s.status, mk.market_id, mk.kind, mk.line, mk.map_no, mk.status,
      x.match_id, x.status, round(extract(epoch FROM x.start_at) * 1000)::float8, lg.venue_code
    FROM sports_selections s
    JOIN sports_markets mk ON mk.market_id = s.market_id
    JOIN sports_matches x ON x.match_id = mk.match_id
    JOIN sports_leagues lg ON lg.league_id = x.league_id
    WHERE s.selection_id = ANY ($1)
    FOR SHARE OF mk' USING p_ids;
END $$;
