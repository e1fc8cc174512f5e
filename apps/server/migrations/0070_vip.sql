-- VIP grades, valid turnover, the bonus engine and rebates (issue 15). Money in minor units.

-- A site's grades: what reaches each level (cumulative deposits and valid turnover), what each
-- level pays (upgrade, weekly, monthly bonus), the monthly turnover that keeps it, its withdrawal
-- limit per order, and the turnover multiple its bonuses ask (x100: 100 = once).
CREATE TABLE vip_grades (
  site_id               integer NOT NULL,
  vip_level             integer NOT NULL CHECK (vip_level >= 0),
  grade                 text    NOT NULL,
  deposit_minor         bigint  NOT NULL CHECK (deposit_minor >= 0),
  turnover_minor        bigint  NOT NULL CHECK (turnover_minor >= 0),
  upgrade_bonus_minor   bigint  NOT NULL DEFAULT 0 CHECK (upgrade_bonus_minor >= 0),
  weekly_bonus_minor    bigint  NOT NULL DEFAULT 0 CHECK (weekly_bonus_minor >= 0),
  monthly_bonus_minor   bigint  NOT NULL DEFAULT 0 CHECK (monthly_bonus_minor >= 0),
  keep_turnover_minor   bigint  NOT NULL DEFAULT 0 CHECK (keep_turnover_minor >= 0),
  withdraw_max_minor    bigint  NOT NULL CHECK (withdraw_max_minor > 0),
  bonus_multiple_x100   integer NOT NULL DEFAULT 100 CHECK (bonus_multiple_x100 >= 0),
  PRIMARY KEY (site_id, vip_level)
);

-- Rebate rate per level and game category, in basis points of the valid turnover (50 = 0.5 %).
CREATE TABLE vip_rebate_rates (
  site_id    integer NOT NULL,
  vip_level  integer NOT NULL,
  category   text    NOT NULL CHECK (category IN ('sports', 'egame', 'live', 'chess')),
  rate_bp    integer NOT NULL CHECK (rate_bp >= 0 AND rate_bp <= 10000),
  PRIMARY KEY (site_id, vip_level, category)
);

-- A member's standing: the level, and what the progress is counted from (a relegation moves the
-- offsets so that the member stands at the new level's threshold); the deposits last counted
-- (cumulative, from the wallet) and the month last reviewed.
CREATE TABLE vip_members (
  member_id              bigint  PRIMARY KEY,
  site_id                integer NOT NULL,
  vip_level              integer NOT NULL DEFAULT 0 CHECK (vip_level >= 0),
  deposit_offset_minor   bigint  NOT NULL DEFAULT 0,
  turnover_offset_minor  bigint  NOT NULL DEFAULT 0,
  deposit_minor          bigint  NOT NULL DEFAULT 0,
  reviewed_month         text    NOT NULL DEFAULT '',
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- Valid turnover, one row per settled bet or game round (source + ref, so recorded once): at most
-- the stake and at most the absolute win or loss; day is the Asia/Shanghai day of settlement.
CREATE TABLE vip_valid_bets (
  source       text    NOT NULL,
  ref          text    NOT NULL,
  member_id    bigint  NOT NULL,
  site_id      integer NOT NULL,
  day          date    NOT NULL,
  category     text    NOT NULL CHECK (category IN ('sports', 'egame', 'live', 'chess')),
  valid_minor  bigint  NOT NULL CHECK (valid_minor >= 0),
  PRIMARY KEY (source, ref)
);
CREATE INDEX vip_valid_bets_day ON vip_valid_bets (day, member_id);
CREATE INDEX vip_valid_bets_member ON vip_valid_bets (member_id, day);

-- The bonus engine: every bonus granted to a member, once per (member, source, ref); paid from the
-- house bonus account into the main wallet when received, asking amount x multiple of turnover.
CREATE TABLE vip_bonuses (
  bonus_id        bigserial PRIMARY KEY,
  member_id       bigint  NOT NULL,
  site_id         integer NOT NULL,
  source          text    NOT NULL,
  ref             text    NOT NULL,
  amount_minor    bigint  NOT NULL CHECK (amount_minor > 0),
  multiple_x100   integer NOT NULL CHECK (multiple_x100 >= 0),
  status          text    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'received', 'expired')),
  detail          jsonb   NOT NULL DEFAULT '{}',
  expires_at      timestamptz,
  received_at     timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vip_bonuses_once UNIQUE (member_id, source, ref)
);
CREATE INDEX vip_bonuses_pending ON vip_bonuses (member_id) WHERE status = 'pending';
CREATE INDEX vip_bonuses_received ON vip_bonuses (member_id, received_at) WHERE status = 'received';

-- The periodic jobs' runs done (rebate of a day, weekly and monthly bonuses, the monthly review):
-- each run's work is idempotent by itself; this only spares repeating it.
CREATE TABLE vip_job_runs (
  job      text NOT NULL,
  period   text NOT NULL,
  done_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job, period)
);
