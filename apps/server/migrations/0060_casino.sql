-- Electronic games of the venues, members' collections, and launch tickets of the sandbox game.
CREATE TABLE casino_games (
  game_id   text    PRIMARY KEY,
  api_name  text    NOT NULL REFERENCES venues(api_name),
  game_name text    NOT NULL,
  brand     text    NOT NULL,
  image     text    NOT NULL,
  hot       boolean NOT NULL DEFAULT false,
  is_new    boolean NOT NULL DEFAULT false,
  sort      integer NOT NULL DEFAULT 0
);
CREATE INDEX casino_games_venue ON casino_games (api_name, sort);

CREATE TABLE casino_collections (
  member_id  bigint      NOT NULL REFERENCES members(member_id),
  game_id    text        NOT NULL REFERENCES casino_games(game_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);

-- A launch of the sandbox game: who plays (null for a demo), where, and until when. A demo
-- plays with play money kept here, never the member's.
CREATE TABLE casino_tickets (
  ticket           text        PRIMARY KEY,
  member_id        bigint      REFERENCES members(member_id),
  launch_key       text,
  api_name         text        NOT NULL REFERENCES venues(api_name),
  game_id          text        REFERENCES casino_games(game_id),
  rollback_address text        NOT NULL,
  demo_balance     bigint      CHECK (demo_balance >= 0),
  transferred_minor bigint     NOT NULL DEFAULT 0,        -- what auto-transfer moved in for this launch
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
-- A repeated launch (same member, same Idempotency-Key) answers the same ticket.
CREATE UNIQUE INDEX casino_tickets_launch ON casino_tickets (member_id, launch_key);
CREATE INDEX casino_tickets_recent ON casino_tickets (member_id, api_name, created_at DESC);
