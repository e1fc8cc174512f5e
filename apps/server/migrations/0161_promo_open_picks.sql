-- The pass that decides every member's open guesses and soccer tickets (promo/match-picks.ts) reads
-- them by activity: only the open ones, few beside the settled.
CREATE INDEX promo_guesses_open_by_activity ON promo_guesses (activity_id) WHERE status = 'open';
CREATE INDEX promo_soccer_tickets_open ON promo_soccer_tickets (activity_id) WHERE status = 'open';
