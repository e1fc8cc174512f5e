-- Members and their sessions.
CREATE TABLE members (
  member_id      bigserial   PRIMARY KEY,
  site_id        integer     NOT NULL REFERENCES sites(site_id),
  name           text        NOT NULL,           -- lower-cased
  password_hash  text        NOT NULL,           -- argon2id of the client digest
  nickname       text        NOT NULL DEFAULT '',
  avatar         text        NOT NULL DEFAULT '',
  phone          text,
  area_code      text,
  email          text,
  real_name      text,
  birthday       date,
  address        text,
  vip_level      integer     NOT NULL DEFAULT 0,
  invite_code    text,                           -- i_code the member came with
  recommend_code text,                           -- r_code the member came with
  own_invite_code text       NOT NULL,
  status         text        NOT NULL DEFAULT '1' CHECK (status IN ('0', '1', '2')),
  tags           text[]      NOT NULL DEFAULT '{}',
  login_failures integer     NOT NULL DEFAULT 0,
  password_changed_at timestamptz,
  last_login_at  timestamptz,
  last_login_ip  text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, name)
);
CREATE UNIQUE INDEX members_own_invite_code ON members (own_invite_code);

CREATE TABLE sessions (
  session_id   bigserial   PRIMARY KEY,
  member_id    bigint      NOT NULL REFERENCES members(member_id),
  token_hash   text        NOT NULL UNIQUE,      -- sha256 of the token; the token itself is never stored
  device       text,
  ip           text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz,
  ended_reason text CHECK (ended_reason IN ('logout', 'login_elsewhere', 'password_changed', 'blocked'))
);
CREATE INDEX sessions_member_live ON sessions (member_id) WHERE ended_at IS NULL;
