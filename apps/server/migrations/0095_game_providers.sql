-- Seamless-wallet game providers (issue 16 part 6): an external provider plays members' rounds from
-- the main wallet by calling us (debit, credit, rollback by its own transaction id). The operator
-- configures each: the venue it is (api_name), its callback secret (encrypted at rest: the HMAC
-- needs it back), where a launch sends the member. It is offered only while enabled and its
-- process answers (seen_at: its last signed heartbeat).
CREATE TABLE game_providers (
  api_name      text        PRIMARY KEY REFERENCES venues(api_name),
  secret_cipher text        NOT NULL,
  launch_url    text        NOT NULL,
  enabled       boolean     NOT NULL DEFAULT false,
  seen_at       timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Every provider transaction id ever seen, kept for months (a retention job deletes rows older than
-- the configured days, never earlier): a repeat answers the first result; a rollback of a debit
-- never seen leaves a tombstone, so the debit arriving late is refused.
CREATE TABLE provider_transactions (
  api_name        text        NOT NULL REFERENCES game_providers(api_name),
  tx_id           text        NOT NULL,
  kind            text        NOT NULL CHECK (kind IN ('debit', 'credit')),
  member_id       bigint      NOT NULL REFERENCES members(member_id),
  round_id        text        NOT NULL,
  amount_minor    bigint      CHECK (amount_minor >= 0),
  status          text        NOT NULL CHECK (status IN ('applied', 'rolled_back', 'tombstone')),
  answer          jsonb,
  rollback_answer jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  rolled_back_at  timestamptz,
  PRIMARY KEY (api_name, tx_id)
);
CREATE INDEX provider_transactions_round ON provider_transactions (api_name, round_id);
CREATE INDEX provider_transactions_age ON provider_transactions (created_at);
