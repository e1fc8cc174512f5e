-- Accounts: invitations, the operator's must-change-password flag, the logout preference, dormancy.
ALTER TABLE members ADD COLUMN agent_code text;                 -- an agent's code, upper-cased; set by the agent domain
ALTER TABLE members ADD COLUMN invited_by bigint REFERENCES members(member_id);
ALTER TABLE members ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
ALTER TABLE members ADD COLUMN idle_logout_minutes integer NOT NULL DEFAULT 0
  CHECK (idle_logout_minutes IN (0, 15, 30, 60, 120));
ALTER TABLE members ADD COLUMN reactivated_at timestamptz;      -- a dormant member woke up
ALTER TABLE members DROP COLUMN login_failures;                 -- counted per name in login_failures
CREATE UNIQUE INDEX members_agent_code ON members (site_id, agent_code) WHERE agent_code IS NOT NULL;
CREATE UNIQUE INDEX members_phone ON members (site_id, area_code, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX members_email ON members (site_id, email) WHERE email IS NOT NULL;   -- stored lower-cased

-- Sessions: last activity for the idle logout; the client's login fields (flag, version, timewd).
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
ALTER TABLE sessions ADD COLUMN client jsonb;
ALTER TABLE sessions DROP CONSTRAINT sessions_ended_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_ended_reason_check
  CHECK (ended_reason IN ('logout', 'login_elsewhere', 'password_changed', 'blocked', 'idle'));

-- Failed logins per name (existing or not), for the captcha trigger (login_verify_trigger_times).
CREATE TABLE login_failures (
  site_id        integer     NOT NULL,
  name           text        NOT NULL,            -- lower-cased
  failures       integer     NOT NULL,
  last_failed_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, name)
);

-- SMS and email codes: only a hash is kept; a code serves once, and dies after a few wrong tries.
CREATE TABLE verify_codes (
  code_id      bigserial   PRIMARY KEY,
  site_id      integer     NOT NULL,
  channel      text        NOT NULL CHECK (channel IN ('sms', 'email')),
  destination  text        NOT NULL,              -- '86 13800138000' or a lower-cased email
  scene        text        NOT NULL,
  code_hash    text        NOT NULL,
  ip           text,
  attempts     integer     NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz
);
CREATE INDEX verify_codes_destination ON verify_codes (site_id, channel, destination, scene, created_at DESC);
CREATE INDEX verify_codes_ip ON verify_codes (site_id, ip, created_at DESC);

-- Short-lived single-use secrets (captcha answers, challenges, tickets, reset tickets) when no
-- Redis is configured; only hashes of secrets handed to clients are keys here.
CREATE TABLE auth_challenges (
  key        text        PRIMARY KEY,
  value      jsonb       NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_challenges_expiry ON auth_challenges (expires_at);

-- Blockades per site: a blocked IP or device uuid gets IP_BLOCKED / DEVICE_BLOCKED on every call.
CREATE TABLE blocked_ips (
  site_id    integer     NOT NULL,
  ip         text        NOT NULL,
  reason     text        NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, ip)
);
CREATE TABLE blocked_devices (
  site_id    integer     NOT NULL,
  device     text        NOT NULL,
  reason     text        NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, device)
);
