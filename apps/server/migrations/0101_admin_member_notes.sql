-- Operators' notes on members (the member page of the back office).
CREATE TABLE admin_member_notes (
  note_id     bigserial   PRIMARY KEY,
  member_id   bigint      NOT NULL REFERENCES members(member_id),
  operator_id integer     NOT NULL REFERENCES admin_operators(operator_id),
  content     text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_member_notes_member ON admin_member_notes (member_id, note_id DESC);
