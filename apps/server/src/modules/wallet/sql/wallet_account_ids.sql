-- The ids of many accounts in the order given (wallet/accounts.ts accountRefIds): p_ids[i] where it
-- is known, else the account of natural key p_keys[i], created on first use (wallet_account_id).
-- One call of a fixed text for any number of accounts, so a batch's statement keeps one shape.
-- PL/pgSQL, not SQL: its plan is kept for the connection. An existing account is one probe of the
-- key's index in this statement; only an account not found calls wallet_account_id (a call and its
-- own statement per account were a tenth of a bet batch's time in PostgreSQL, issue 18).
CREATE OR REPLACE FUNCTION wallet_account_ids(
  p_ids bigint[], p_keys text[], p_sites integer[], p_currencies text[], p_kinds text[], p_members bigint[], p_names text[]
) RETURNS bigint[] LANGUAGE plpgsql AS $$
BEGIN
  RETURN ARRAY(
    SELECT coalesce(u.id, known.account_id, wallet_account_id(u.k, u.s, u.c, u.kd, u.m, u.nm))
    FROM unnest(p_ids, p_keys, p_sites, p_currencies, p_kinds, p_members, p_names) WITH ORDINALITY AS u(id, k, s, c, kd, m, nm, n)
    LEFT JOIN LATERAL (SELECT w.account_id FROM wallet_accounts w WHERE w.account_key = u.k OFFSET 0) AS known ON true
    ORDER BY u.n);
END $$;
