-- Sites: several from the start, each with its series (theme), settlement unit and config.
CREATE TABLE sites (
  site_id          integer     PRIMARY KEY,
  name             text        NOT NULL,
  series           text        NOT NULL DEFAULT 'classy',
  settlement_unit  text        NOT NULL DEFAULT 'cny' CHECK (settlement_unit IN ('cny', 'usdt')),
  deploy_site_id   integer     NOT NULL,
  is_default       boolean     NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;

CREATE TABLE site_config (
  site_id   integer NOT NULL REFERENCES sites(site_id),
  key_code  text    NOT NULL,
  value     text,
  PRIMARY KEY (site_id, key_code)
);
