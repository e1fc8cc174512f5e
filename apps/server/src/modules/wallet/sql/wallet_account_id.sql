-- The id of an account by its natural key, created on first use (the keys are made by
-- wallet/accounts.ts). A concurrent creator wins the unique key; the select after sees its row.
CREATE OR REPLACE FUNCTION wallet_account_id(p_key text, p_site integer, p_currency text, p_kind text, p_member bigint, p_name text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  id bigint;
BEGIN
  SELECT account_id INTO id FROM wallet_accounts WHERE account_key = p_key;
  IF id IS NOT NULL THEN RETURN id; END IF;
  INSERT INTO wallet_accounts (account_key, site_id, currency, kind, member_id, name)
  VALUES (p_key, p_site, p_currency, p_kind, p_member, p_name)
  ON CONFLICT (account_key) DO NOTHING
  RETURNING account_id INTO id;
  IF id IS NULL THEN
    SELECT account_id INTO id FROM wallet_accounts WHERE account_key = p_key;
  END IF;
  RETURN id;
END $$;
