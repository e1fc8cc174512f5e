-- The sportsbook: the book (leagues, teams, matches, markets, selections) as the odds feed keeps it,
-- the bets members place on it, and the lease that lets one instance drive the built-in feed.

-- A sports venue per site is open only at status 0 (seed 4); no row means open.
CREATE TABLE sports_venue_status (
  site_id     integer  NOT NULL REFERENCES sites(site_id),
  venue_code  text     NOT NULL CHECK (venue_code IN ('OBTY', 'IMTY')),
  status      smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, venue_code)
);

-- Leagues keep the feed's own id (the tid), so the World Cup keeps its ids of seed 9.
CREATE TABLE sports_leagues (
  league_id    integer PRIMARY KEY,
  sport        text    NOT NULL CHECK (sport IN ('football', 'basketball', 'esports')),
  name         text    NOT NULL,
  region       text    NOT NULL DEFAULT '',
  logo         text    NOT NULL DEFAULT '',
  match_class  text    NOT NULL DEFAULT 'league' CHECK (match_class IN ('league', 'cup', 'international', 'esports')),
  venue_code   text    NOT NULL DEFAULT 'OBTY' CHECK (venue_code IN ('OBTY', 'IMTY')),
  -- Weight of the league in the popular list.
  hot          integer NOT NULL DEFAULT 0,
  sort         integer NOT NULL DEFAULT 0
);

CREATE TABLE sports_teams (
  team_id   serial  PRIMARY KEY,
  feed_ref  text    NOT NULL UNIQUE,
  sport     text    NOT NULL,
  name      text    NOT NULL,
  logo      text    NOT NULL DEFAULT ''
);

CREATE TABLE sports_matches (
  match_id        bigserial   PRIMARY KEY,
  feed_ref        text        NOT NULL UNIQUE,
  sport           text        NOT NULL CHECK (sport IN ('football', 'basketball', 'esports')),
  league_id       integer     NOT NULL REFERENCES sports_leagues(league_id),
  home_team_id    integer     NOT NULL REFERENCES sports_teams(team_id),
  visit_team_id   integer     NOT NULL REFERENCES sports_teams(team_id),
  start_at        timestamptz NOT NULL,
  status          text        NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'finished', 'cancelled')),
  period          text        NOT NULL DEFAULT '',
  clock_sec       integer     NOT NULL DEFAULT 0,
  clock_at        timestamptz NOT NULL DEFAULT now(),
  home_score      integer     NOT NULL DEFAULT 0,
  visit_score     integer     NOT NULL DEFAULT 0,
  -- Match entry media (seed 3).
  anchor_status   smallint,
  animation_url   text,
  anchor_flv_url  text,
  -- The result as the feed reported it, and how many results it has had (a correction adds one).
  result          jsonb,
  result_version  integer     NOT NULL DEFAULT 0,
  -- The result version whose bets have all been settled; behind result_version means work to do.
  settled_version integer     NOT NULL DEFAULT 0,
  -- The feed adapter's own memory of the match, so any instance can take over driving it.
  feed_state      jsonb       NOT NULL DEFAULT '{}',
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sports_matches_board ON sports_matches (status, start_at);
CREATE INDEX sports_matches_league ON sports_matches (league_id, start_at);
CREATE INDEX sports_matches_to_settle ON sports_matches (match_id) WHERE settled_version < result_version;

CREATE TABLE sports_markets (
  market_id  bigserial PRIMARY KEY,
  match_id   bigint    NOT NULL REFERENCES sports_matches(match_id),
  -- kind plus line or map, e.g. 'ah:-0.25', 'map_winner:2': one market per spec and match.
  spec       text      NOT NULL,
  kind       text      NOT NULL,
  line       numeric(7, 2),
  map_no     smallint,
  status     text      NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'suspended', 'closed')),
  sort       integer   NOT NULL DEFAULT 0,
  UNIQUE (match_id, spec)
);

CREATE TABLE sports_selections (
  selection_id bigserial PRIMARY KEY,
  market_id    bigint    NOT NULL REFERENCES sports_markets(market_id),
  code         text      NOT NULL,
  -- Decimal odds in hundredths (1.85 is 185).
  odds_x100    integer   NOT NULL CHECK (odds_x100 >= 101),
  status       text      NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  sort         integer   NOT NULL DEFAULT 0,
  UNIQUE (market_id, code)
);

-- Operators scale a member's maximum stakes (a sharp bettor gets less).
CREATE TABLE sports_member_limits (
  member_id    bigint        PRIMARY KEY REFERENCES members(member_id),
  stake_factor numeric(6, 3) NOT NULL CHECK (stake_factor >= 0)
);

CREATE TABLE sports_bets (
  bet_id              bigserial   PRIMARY KEY,
  order_id            text        NOT NULL UNIQUE,
  member_id           bigint      NOT NULL REFERENCES members(member_id),
  site_id             integer     NOT NULL,
  currency            text        NOT NULL,
  bet_type            text        NOT NULL CHECK (bet_type IN ('single', 'parlay')),
  stake_minor         bigint      NOT NULL CHECK (stake_minor > 0),
  -- The price taken, in hundredths; a parlay's is the product of its legs, rounded down.
  odds_x100           bigint      NOT NULL,
  potential_return_minor bigint   NOT NULL,
  status              text        NOT NULL CHECK (status IN ('pending_delay', 'pending', 'won', 'lost', 'void', 'half_won', 'half_lost', 'cashed_out', 'rejected')),
  accept_odds_change  boolean     NOT NULL DEFAULT false,
  payout_minor        bigint      NOT NULL DEFAULT 0,
  -- How many times it was settled (a corrected result settles again) and on which results.
  settlement_no       integer     NOT NULL DEFAULT 0,
  settled_key         text,
  -- A resettlement that could not take back all of an earlier payout: what the member still owes.
  recovery_due_minor  bigint      NOT NULL DEFAULT 0,
  confirm_at          timestamptz,
  reject_reason       text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  settled_at          timestamptz
);
CREATE INDEX sports_bets_member ON sports_bets (member_id, bet_id DESC);
CREATE INDEX sports_bets_delayed ON sports_bets (confirm_at) WHERE status = 'pending_delay';

CREATE TABLE sports_bet_legs (
  bet_id       bigint    NOT NULL REFERENCES sports_bets(bet_id),
  leg_no       smallint  NOT NULL,
  selection_id bigint    NOT NULL REFERENCES sports_selections(selection_id),
  market_id    bigint    NOT NULL REFERENCES sports_markets(market_id),
  match_id     bigint    NOT NULL REFERENCES sports_matches(match_id),
  odds_x100    integer   NOT NULL,
  outcome      text      CHECK (outcome IN ('won', 'lost', 'void', 'half_won', 'half_lost')),
  PRIMARY KEY (bet_id, leg_no),
  -- Never two legs of one match in a bet.
  UNIQUE (bet_id, match_id)
);
CREATE INDEX sports_bet_legs_match ON sports_bet_legs (match_id);
CREATE INDEX sports_bet_legs_market ON sports_bet_legs (market_id);

-- Who drives the built-in feed: the instance holding an unexpired lease.
CREATE TABLE sports_feed_lease (
  name        text        PRIMARY KEY,
  holder      text        NOT NULL,
  expires_at  timestamptz NOT NULL
);
