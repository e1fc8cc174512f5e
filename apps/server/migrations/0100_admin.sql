-- The operator back office: operators (never members), their sessions, the hash-chained audit log.
CREATE TABLE admin_operators (
  operator_id    serial      PRIMARY KEY,
  name           text        NOT NULL UNIQUE,
  password_hash  text        NOT NULL,          -- argon2id
  totp_secret    text        NOT NULL,          -- base32, RFC 6238 (30 s, 6 digits, SHA-1)
  roles          text[]      NOT NULL,
  site_ids       integer[],                     -- the sites the operator may act on; NULL: all
  status         text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  failures       integer     NOT NULL DEFAULT 0,
  locked_until   timestamptz,
  last_totp_step bigint      NOT NULL DEFAULT 0, -- a code is accepted once
  last_login_at  timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_sessions (
  session_id   bigserial   PRIMARY KEY,
  operator_id  integer     NOT NULL REFERENCES admin_operators(operator_id),
  token_hash   text        NOT NULL UNIQUE,     -- sha256 of the token; the token is never stored
  ip           text,
  user_agent   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ended_at     timestamptz,
  end_reason   text        CHECK (end_reason IN ('logout', 'idle', 'disabled', 'roles_changed'))
);
CREATE INDEX admin_sessions_operator ON admin_sessions (operator_id) WHERE ended_at IS NULL;

-- Every operator action: who, when, from where, what, before and after. Each entry carries the
-- hash of the one before; before/after are kept as the exact JSON text that was hashed.
CREATE TABLE admin_audit (
  id          bigint      PRIMARY KEY,
  operator_id integer     REFERENCES admin_operators(operator_id), -- NULL: a command on the server
  action      text        NOT NULL,
  target      text        NOT NULL,
  before      text        NOT NULL,
  after       text        NOT NULL,
  ip          text,
  at          timestamptz NOT NULL,
  prev_hash   text        NOT NULL,
  hash        text        NOT NULL
);
CREATE INDEX admin_audit_operator ON admin_audit (operator_id, id DESC);
CREATE INDEX admin_audit_action ON admin_audit (action, id DESC);

-- The chain's head: locked by every append, so entries are written one after another.
CREATE TABLE admin_audit_head (
  one     boolean PRIMARY KEY DEFAULT true CHECK (one),
  last_id bigint  NOT NULL,
  hash    text    NOT NULL
);
INSERT INTO admin_audit_head (one, last_id, hash) VALUES (true, 0, repeat('0', 64));
