-- The member's session that launched a game: the ticket dies with it (logout, login elsewhere,
-- password change, blockade, expiry), whatever is left of its own hours.
ALTER TABLE casino_tickets ADD COLUMN session_id bigint;
