-- Activities (issue 15): configured per site, their prizes with weights and stock, and each
-- member's records (a sign-in, a draw, a deposit bonus). Money prizes are bonuses of the vip
-- module's bonus engine (record.bonus_id); amounts in minor units.

-- An activity of a site: its window, its rules (config, per kind), its budget and what it paid.
CREATE TABLE promo_activities (
  activity_id   serial  PRIMARY KEY,
  site_id       integer NOT NULL,
  kind          text    NOT NULL CHECK (kind IN ('sign', 'wheel', 'first_deposit', 'continue_deposit')),
  title         text    NOT NULL,
  start_at      timestamptz NOT NULL,
  end_at        timestamptz NOT NULL,
  config        jsonb   NOT NULL DEFAULT '{}',
  budget_minor  bigint  CHECK (budget_minor >= 0),
  spent_minor   bigint  NOT NULL DEFAULT 0 CHECK (spent_minor >= 0),
  sort          integer NOT NULL DEFAULT 0,
  CONSTRAINT promo_activities_kind UNIQUE (site_id, kind),
  CHECK (budget_minor IS NULL OR spent_minor <= budget_minor)
);

-- A prize of a drawn activity: its weight, its stock (NULL: no limit) and how many were won.
CREATE TABLE promo_prizes (
  activity_id   integer NOT NULL,
  prize_no      integer NOT NULL,
  kind          text    NOT NULL CHECK (kind IN ('money', 'points', 'gold', 'none')),
  amount_minor  bigint  NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  name          text    NOT NULL,
  weight        integer NOT NULL CHECK (weight >= 0),
  stock         integer CHECK (stock >= 0),
  won           integer NOT NULL DEFAULT 0,
  PRIMARY KEY (activity_id, prize_no),
  CHECK (stock IS NULL OR won <= stock)
);

-- A member's record in an activity, once per ref (a sign-in's day, a draw's number, a deposit's nth):
-- the prize, the bonus that pays it, and how it was decided (the random value and total weight).
CREATE TABLE promo_records (
  record_id     bigserial PRIMARY KEY,
  activity_id   integer NOT NULL,
  member_id     bigint  NOT NULL,
  site_id       integer NOT NULL,
  ref           text    NOT NULL,
  prize_kind    text    NOT NULL,
  prize_name    text    NOT NULL,
  amount_minor  bigint  NOT NULL DEFAULT 0,
  bonus_id      bigint,
  detail        jsonb   NOT NULL DEFAULT '{}',
  created_at    timestamptz NOT NULL,
  CONSTRAINT promo_records_once UNIQUE (activity_id, member_id, ref)
);
CREATE INDEX promo_records_member ON promo_records (member_id, activity_id, record_id);

-- What an activity once per phone or device has been claimed with, and by whom (first come).
CREATE TABLE promo_claims (
  activity_id  integer NOT NULL,
  claim_kind   text    NOT NULL CHECK (claim_kind IN ('phone', 'device')),
  claim_value  text    NOT NULL,
  member_id    bigint  NOT NULL,
  PRIMARY KEY (activity_id, claim_kind, claim_value)
);
