-- House originals, provably fair (API.md "Casino, game records, provably fair house games").
-- The venue every original round is recorded under: played from the main wallet, never a
-- transfer target nor a venue balance (the venue module's playsFromMainWallet). Built in, not demo
-- data: game_rounds refers to it from the first round on any install.
INSERT INTO venues (api_name, name, category, sort) VALUES ('ORIG', '原创游戏', 'originals', 50) ON CONFLICT DO NOTHING;

-- A member's seed pairs: the active one (revealed_at null, one per member) plays the next round
-- at `nonce` and counts it up; rotation reveals its server seed and starts a new pair at nonce 0.
CREATE TABLE originals_seeds (
  seed_id          bigserial   PRIMARY KEY,
  member_id        bigint      NOT NULL REFERENCES members(member_id),
  server_seed      text        NOT NULL,
  server_seed_hash text        NOT NULL,
  client_seed      text        NOT NULL,
  nonce            integer     NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  revealed_at      timestamptz
);
CREATE UNIQUE INDEX originals_seeds_active ON originals_seeds (member_id) WHERE revealed_at IS NULL;
CREATE INDEX originals_seeds_member ON originals_seeds (member_id, seed_id DESC);

-- Mines between its steps: the board follows from the round's seed pair and nonce; what was
-- turned so far is kept here, so an open round survives a restart. One open round per member.
CREATE TABLE originals_mines (
  round_id    text        PRIMARY KEY,
  member_id   bigint      NOT NULL REFERENCES members(member_id),
  site_id     integer     NOT NULL,
  currency    text        NOT NULL,
  seed_id     bigint      NOT NULL REFERENCES originals_seeds(seed_id),
  nonce       integer     NOT NULL,
  mines       integer     NOT NULL CHECK (mines BETWEEN 1 AND 24),
  stake_minor bigint      NOT NULL CHECK (stake_minor > 0),
  revealed    jsonb       NOT NULL DEFAULT '[]',
  status      text        NOT NULL CHECK (status IN ('open', 'cashed', 'busted')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  settled_at  timestamptz
);
CREATE UNIQUE INDEX originals_mines_open ON originals_mines (member_id) WHERE status = 'open';
