-- Guess (竞猜), issue 15: a member picks a football match's outcome before kickoff, free; a right pick
-- wins the activity's prize (a promo record, ref 'guess:<matchId>') once the book has the result.
ALTER TABLE promo_activities DROP CONSTRAINT promo_activities_kind_check;
ALTER TABLE promo_activities ADD CONSTRAINT promo_activities_kind_check
  CHECK (kind IN ('sign', 'wheel', 'lottery', 'first_deposit', 'continue_deposit', 'invite', 'novice', 'guess'));

CREATE TABLE promo_guesses (
  guess_id     bigserial PRIMARY KEY,
  activity_id  integer NOT NULL,
  member_id    bigint  NOT NULL,
  match_id     bigint  NOT NULL,
  pick         text    NOT NULL CHECK (pick IN ('home', 'draw', 'visit')),
  -- open until the match is decided; void when it is cancelled.
  status       text    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void')),
  created_at   timestamptz NOT NULL,
  CONSTRAINT promo_guesses_once UNIQUE (activity_id, member_id, match_id)
);
CREATE INDEX promo_guesses_open ON promo_guesses (member_id) WHERE status = 'open';
