-- 闯关 (barrier) and 足彩 (soccer lottery), issue 15. A barrier stage's prize is a promo record whose
-- ref is '<Shanghai day>:<stage>': promo_records_once makes it once per member, activity, day and stage.
ALTER TABLE promo_activities DROP CONSTRAINT promo_activities_kind_check;
ALTER TABLE promo_activities ADD CONSTRAINT promo_activities_kind_check
  CHECK (kind IN ('sign', 'wheel', 'lottery', 'first_deposit', 'continue_deposit', 'invite', 'novice', 'guess', 'barrier', 'soccer_lottery'));

-- A round of the soccer lottery: coming football matches of our book, picked before the first kicks off.
CREATE TABLE promo_soccer_rounds (
  round_id     bigserial PRIMARY KEY,
  activity_id  integer  NOT NULL,
  match_ids    bigint[] NOT NULL CHECK (cardinality(match_ids) BETWEEN 1 AND 20),
  closes_at    timestamptz NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX promo_soccer_rounds_activity ON promo_soccer_rounds (activity_id, round_id);

-- A member's ticket: one pick per match of the round, in the round's order; settled once, when every
-- match is finished or cancelled (a cancelled match counts right).
CREATE TABLE promo_soccer_tickets (
  ticket_id    bigserial PRIMARY KEY,
  round_id     bigint  NOT NULL,
  activity_id  integer NOT NULL,
  member_id    bigint  NOT NULL,
  picks        text[]  NOT NULL,
  status       text    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  correct      integer,
  prize_minor  bigint  NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL,
  CONSTRAINT promo_soccer_tickets_once UNIQUE (round_id, member_id)
);
CREATE INDEX promo_soccer_tickets_member ON promo_soccer_tickets (member_id, activity_id, ticket_id);
