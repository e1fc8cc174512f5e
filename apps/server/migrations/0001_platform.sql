-- Platform: idempotency keys of money-moving calls, request nonces (replay window).
CREATE TABLE idempotency_keys (
  member_id    bigint      NOT NULL,
  key          text        NOT NULL,
  request_hash text        NOT NULL,
  state        text        NOT NULL CHECK (state IN ('pending', 'done')),
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, key)
);

CREATE TABLE request_nonces (
  nonce      text        PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX request_nonces_expiry ON request_nonces (expires_at);
