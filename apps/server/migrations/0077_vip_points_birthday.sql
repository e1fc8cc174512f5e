-- Points and the birthday bonus (issue 15).

-- A member's points: earned from valid turnover and deposits, spent in the site's exchange.
-- The row is also the member's lock for accruing and spending.
CREATE TABLE vip_points (
  member_id  bigint  PRIMARY KEY,
  site_id    integer NOT NULL,
  points     bigint  NOT NULL DEFAULT 0 CHECK (points >= 0)
);

-- Every change of a member's points, once per (member, source, ref): an accrual's ref is the
-- cumulative figure it brings the source to, an exchange's its Idempotency-Key.
CREATE TABLE vip_point_moves (
  move_id     bigserial PRIMARY KEY,
  member_id   bigint  NOT NULL,
  site_id     integer NOT NULL,
  source      text    NOT NULL CHECK (source IN ('turnover', 'deposit', 'exchange')),
  ref         text    NOT NULL,
  points      bigint  NOT NULL,
  detail      jsonb   NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL,
  CONSTRAINT vip_point_moves_once UNIQUE (member_id, source, ref)
);
CREATE INDEX vip_point_moves_member ON vip_point_moves (member_id, move_id);

-- What a site's exchange offers: bonus money (minor units, paid asking multiple_x100 of turnover)
-- or gold coins (hundredths of a coin), for so many points, while stock lasts (NULL: no limit).
CREATE TABLE vip_point_items (
  item_id        serial  PRIMARY KEY,
  site_id        integer NOT NULL,
  kind           text    NOT NULL CHECK (kind IN ('money', 'gold')),
  name           text    NOT NULL,
  cost_points    integer NOT NULL CHECK (cost_points > 0),
  amount_minor   bigint  NOT NULL CHECK (amount_minor > 0),
  multiple_x100  integer NOT NULL DEFAULT 100 CHECK (multiple_x100 >= 0),
  stock          integer CHECK (stock >= 0),
  taken          integer NOT NULL DEFAULT 0,
  sort           integer NOT NULL DEFAULT 0,
  CHECK (stock IS NULL OR taken <= stock)
);
CREATE INDEX vip_point_items_site ON vip_point_items (site_id, sort);

-- The birthday bonus a level pays, once a year in the member's birthday month.
ALTER TABLE vip_grades ADD COLUMN birthday_bonus_minor bigint NOT NULL DEFAULT 0 CHECK (birthday_bonus_minor >= 0);
UPDATE vip_grades SET birthday_bonus_minor = upgrade_bonus_minor;
