-- The site's messages to its members (seed 7 "Member: messages"): to one member, or to every member
-- of a site (member_id NULL). A member's reading of a message is a row of member_message_states,
-- made when they first read, pin or delete it: a message to the whole site costs one row, not one
-- per member, and reaches members who join later.
CREATE TABLE member_messages (
  message_id  bigserial   PRIMARY KEY,
  site_id     integer     NOT NULL REFERENCES sites(site_id),
  member_id   bigint      REFERENCES members(member_id),
  title       text        NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  content     text        NOT NULL CHECK (char_length(content) BETWEEN 1 AND 4000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_messages_site ON member_messages (site_id, created_at DESC) WHERE member_id IS NULL;
CREATE INDEX member_messages_member ON member_messages (member_id, created_at DESC) WHERE member_id IS NOT NULL;

CREATE TABLE member_message_states (
  member_id   bigint      NOT NULL REFERENCES members(member_id),
  message_id  bigint      NOT NULL REFERENCES member_messages(message_id),
  read_at     timestamptz,
  sticky      boolean     NOT NULL DEFAULT false,
  deleted_at  timestamptz,
  PRIMARY KEY (member_id, message_id)
);
