-- What a site shows: its logo, and the content of its pages (banners, notices whose category 1 is
-- the marquee, navigation entries, floating icons, customer-service channels). One table for all
-- kinds: they share status, sort and a display window; each kind's own fields live in body, whose
-- shape the contract's schemas check on the way in and on the way out.
ALTER TABLE sites ADD COLUMN logo text NOT NULL DEFAULT '';

CREATE TABLE site_contents (
  id          bigserial   PRIMARY KEY,
  site_id     integer     NOT NULL REFERENCES sites(site_id),
  kind        text        NOT NULL CHECK (kind IN ('banner', 'notice', 'navigation', 'float_icon', 'cs_channel')),
  status      text        NOT NULL DEFAULT '1' CHECK (status IN ('0', '1', '2')),
  sort        integer     NOT NULL DEFAULT 0,
  start_at    timestamptz,
  end_at      timestamptz,
  body        jsonb       NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at)
);
CREATE INDEX site_contents_by_kind ON site_contents (site_id, kind, sort, id);

-- Short links to a path of the site (invite links and the like); the same path keeps its code.
CREATE TABLE short_urls (
  code        text        PRIMARY KEY,
  site_id     integer     NOT NULL REFERENCES sites(site_id),
  path        text        NOT NULL,
  hits        bigint      NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, path)
);
