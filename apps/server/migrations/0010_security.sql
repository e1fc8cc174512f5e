-- Client app keys: a request signed with `x-app-key` is verified with the secret of that key on the
-- request's site (HMAC of method, path, timestamp, nonce and body; seed 7). Every site gets the
-- sandbox key `h5` at start (platform/security/app-keys.ts). The same app key may exist on several
-- sites, each with its own secret, so the key is (site_id, app_key).
CREATE TABLE site_app_keys (
  site_id     integer     NOT NULL REFERENCES sites(site_id),
  app_key     text        NOT NULL CHECK (app_key ~ '^[A-Za-z0-9_-]{1,32}$'),
  secret      text        NOT NULL CHECK (length(secret) >= 16),
  client_type text        NOT NULL,                -- h5, ios, android, pc
  status      text        NOT NULL DEFAULT '1' CHECK (status IN ('0', '1', '2')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, app_key)
);
