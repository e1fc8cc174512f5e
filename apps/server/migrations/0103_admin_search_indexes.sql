-- The back office's reads at scale (bench/admin-reports.mjs): a report's date range, the member search.
-- Transfers are appended in time order: a BRIN index finds a range's pages for a few kilobytes and
-- costs the hot posting path next to nothing. Pages written since the last summary always match, so
-- each filled range is summarized as the next begins (autosummarize, by autovacuum).
CREATE INDEX wallet_transfers_created ON wallet_transfers USING brin (created_at) WITH (autosummarize = on);
-- Member search over every site: a name's beginning (C-collation order, so LIKE 'x%' can use it),
-- a whole phone, e-mail or real name.
CREATE INDEX members_search_name ON members (name text_pattern_ops);
CREATE INDEX members_search_phone ON members (phone) WHERE phone IS NOT NULL;
CREATE INDEX members_search_email ON members (email) WHERE email IS NOT NULL;
CREATE INDEX members_search_real_name ON members (real_name) WHERE real_name IS NOT NULL;
