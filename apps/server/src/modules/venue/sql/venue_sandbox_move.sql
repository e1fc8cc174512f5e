-- The sandbox venue's side of a transfer (venue/sandbox.ts), one statement in a transaction of its
-- own as a remote provider's would be. The ref is claimed first (a twin waits on it, then answers
-- the first outcome); a fenced ref stays refused; a player never goes below zero.
--   outcome: 'success' | 'short' | 'fenced' | 'failed_before'
CREATE OR REPLACE FUNCTION venue_sandbox_move(
  p_api text, p_ref text, p_player bigint, p_direction text, p_amount bigint,
  OUT outcome text, OUT balance_after bigint
) LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := CASE p_direction WHEN 'deposit' THEN p_amount ELSE -p_amount END;
  seen record;
BEGIN
  INSERT INTO venue_sandbox_transfers (api_name, ref, player_id, direction, amount_minor, status)
  VALUES (p_api, p_ref, p_player, p_direction, p_amount, 'success')
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT direction, status INTO seen FROM venue_sandbox_transfers WHERE api_name = p_api AND ref = p_ref;
    outcome := CASE WHEN seen.direction = 'fence' THEN 'fenced'
                    WHEN seen.status = 'success' AND seen.direction = p_direction THEN 'success'
                    ELSE 'failed_before' END;
    SELECT balance INTO balance_after FROM venue_sandbox_wallets WHERE api_name = p_api AND player_id = p_player;
    balance_after := coalesce(balance_after, 0);
    RETURN;
  END IF;

  UPDATE venue_sandbox_wallets SET balance = balance + delta
  WHERE api_name = p_api AND player_id = p_player AND balance + delta >= 0
  RETURNING balance INTO balance_after;
  IF balance_after IS NULL AND delta > 0 THEN
    -- A player's first deposit opens their wallet (a concurrent opener wins; then the update applies).
    INSERT INTO venue_sandbox_wallets (api_name, player_id, balance) VALUES (p_api, p_player, delta)
    ON CONFLICT DO NOTHING RETURNING balance INTO balance_after;
    IF balance_after IS NULL THEN
      UPDATE venue_sandbox_wallets SET balance = balance + delta WHERE api_name = p_api AND player_id = p_player
      RETURNING balance INTO balance_after;
    END IF;
  END IF;
  IF balance_after IS NULL THEN
    UPDATE venue_sandbox_transfers SET status = 'failed' WHERE api_name = p_api AND ref = p_ref;
    outcome := 'short';
    SELECT balance INTO balance_after FROM venue_sandbox_wallets WHERE api_name = p_api AND player_id = p_player;
    balance_after := coalesce(balance_after, 0);
    RETURN;
  END IF;
  outcome := 'success';
END $$;
