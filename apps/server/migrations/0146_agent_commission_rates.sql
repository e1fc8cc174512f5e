-- An agent's commission rate (issue 17's commission reports): basis points of their members' NGR
-- per Shanghai month, set by an operator (audited). No row: not set yet, no commission.
CREATE TABLE agent_commission_rates (
  member_id  bigint      PRIMARY KEY REFERENCES members(member_id),
  rate_bp    integer     NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
