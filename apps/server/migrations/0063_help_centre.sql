-- The help centre (seed 7 "Member: help categories"): categories of articles, for one site or for
-- every site (site_id NULL), each in the operator's order.
CREATE TABLE help_categories (
  category_id  serial   PRIMARY KEY,
  site_id      integer  REFERENCES sites(site_id),
  name         text     NOT NULL CHECK (char_length(name) BETWEEN 1 AND 20),
  sort         integer  NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX help_categories_name ON help_categories (coalesce(site_id, 0), name);

CREATE TABLE help_articles (
  article_id   serial   PRIMARY KEY,
  category_id  integer  NOT NULL REFERENCES help_categories(category_id),
  title        text     NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  content      text     NOT NULL CHECK (char_length(content) BETWEEN 1 AND 10000),
  sort         integer  NOT NULL DEFAULT 0
);
CREATE INDEX help_articles_category ON help_articles (category_id, sort);
