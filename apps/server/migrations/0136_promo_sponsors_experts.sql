-- Sponsors (赞助) and experts (专家推荐), issue 15: content pages of a site. An expert's picks name a
-- selection of our own book; their record is read from the book's settled results, not stored.
CREATE TABLE promo_sponsors (
  sponsor_id   serial  PRIMARY KEY,
  site_id      integer NOT NULL,
  name         text    NOT NULL,
  kind         text    NOT NULL CHECK (kind IN ('club', 'league', 'brand')),
  badge_text   text    NOT NULL,
  badge_color  text    NOT NULL CHECK (badge_color ~ '^#[0-9a-fA-F]{6}$'),
  from_year    integer NOT NULL,
  to_year      integer,
  summary      text    NOT NULL,
  sort         integer NOT NULL DEFAULT 0,
  enabled      boolean NOT NULL DEFAULT true
);
CREATE INDEX promo_sponsors_site ON promo_sponsors (site_id, sort);

CREATE TABLE promo_experts (
  expert_id    serial  PRIMARY KEY,
  site_id      integer NOT NULL,
  name         text    NOT NULL,
  title        text    NOT NULL,
  bio          text    NOT NULL,
  badge_color  text    NOT NULL CHECK (badge_color ~ '^#[0-9a-fA-F]{6}$'),
  -- The demo experts pick by a fixed rule (demo.ts); null: the operator enters the picks.
  strategy     text,
  sort         integer NOT NULL DEFAULT 0,
  enabled      boolean NOT NULL DEFAULT true,
  CONSTRAINT promo_experts_name UNIQUE (site_id, name)
);

CREATE TABLE promo_expert_picks (
  pick_id      bigserial PRIMARY KEY,
  expert_id    integer NOT NULL,
  match_id     bigint  NOT NULL,
  selection_id bigint  NOT NULL,
  odds_x100    integer NOT NULL,
  analysis     text    NOT NULL,
  created_at   timestamptz NOT NULL,
  CONSTRAINT promo_expert_picks_once UNIQUE (expert_id, match_id)
);
