-- Agents (seed: isAgent, contactUs, joinUs): a member applies to become one, the operator decides.
-- An agent brings members with their invite code (members.invited_by).
ALTER TABLE members ADD COLUMN is_agent boolean NOT NULL DEFAULT false;

CREATE TABLE agent_applications (
  application_id  bigserial   PRIMARY KEY,
  member_id       bigint      NOT NULL REFERENCES members(member_id),
  contact         text        NOT NULL CHECK (char_length(contact) BETWEEN 2 AND 64),
  note            text        CHECK (char_length(note) <= 500),
  status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  decided_at      timestamptz
);
-- One open application per member: a second, even sent twice at once, is refused by the database.
CREATE UNIQUE INDEX agent_applications_open ON agent_applications (member_id) WHERE status = 'pending';
CREATE INDEX agent_applications_member ON agent_applications (member_id, created_at DESC);
