-- Maintenance per site. status follows the seed's convention: 0 under maintenance, 1 open. With
-- status 0 the site is under maintenance while now is inside [start_at, end_at); a null end is open.
CREATE TABLE site_maintenance (
  site_id     integer     PRIMARY KEY REFERENCES sites(site_id),
  status      smallint    NOT NULL CHECK (status IN (0, 1)),
  start_at    timestamptz,
  end_at      timestamptz,
  message     text        NOT NULL DEFAULT '',
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at)
);

-- Access rules per site: IP ranges (CIDR, IPv4 or IPv6) and ISO country codes, each allowed,
-- denied or cautioned. A denied visitor is sent to /access-restriction (session cleared); a cautioned
-- one to /access-alert, which explains why, the session kept.
CREATE TABLE site_access_rules (
  id          bigserial   PRIMARY KEY,
  site_id     integer     NOT NULL REFERENCES sites(site_id),
  kind        text        NOT NULL CHECK (kind IN ('ip', 'country')),
  action      text        NOT NULL CHECK (action IN ('allow', 'deny', 'caveat')),
  value       text        NOT NULL,
  reason      text        NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_access_rules_by_site ON site_access_rules (site_id);
