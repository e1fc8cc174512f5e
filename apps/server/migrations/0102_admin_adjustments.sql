-- Manual balance adjustments (issue 17): an operator credits or debits a member's main wallet with a
-- reason; above the site's threshold a second, different operator approves before money moves.
CREATE TABLE admin_adjustments (
  adjustment_id  bigserial   PRIMARY KEY,
  site_id        integer     NOT NULL,
  member_id      bigint      NOT NULL REFERENCES members(member_id),
  currency       text        NOT NULL,
  direction      text        NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_minor   bigint      NOT NULL CHECK (amount_minor > 0),
  reason         text        NOT NULL,
  needs_approval boolean     NOT NULL,
  status         text        NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by   integer     NOT NULL REFERENCES admin_operators(operator_id),
  decided_by     integer     REFERENCES admin_operators(operator_id),
  reject_reason  text,
  balance_after  bigint,
  created_at     timestamptz NOT NULL DEFAULT now(),
  decided_at     timestamptz,
  -- The two-person rule, kept by the database too: whoever asked never decides.
  CHECK (decided_by IS NULL OR decided_by <> requested_by),
  CHECK (needs_approval OR status = 'approved')
);
CREATE INDEX admin_adjustments_status ON admin_adjustments (status, adjustment_id DESC);
CREATE INDEX admin_adjustments_member ON admin_adjustments (member_id, adjustment_id DESC);
