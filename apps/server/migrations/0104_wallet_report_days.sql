-- The ledger's money figures of closed Shanghai days, at the reports' finest grain (day, site,
-- currency, venue, agent), so a report over months reads thousands of rows rather than millions of
-- transfers. Written once per day by wallet/reports.ts (the same query that counts the open days).
CREATE TABLE wallet_report_days (
  day          date    NOT NULL,
  site_id      integer NOT NULL,
  currency     text    NOT NULL,
  venue        text    NOT NULL,  -- '' for money not played (deposits, withdrawals, bonuses)
  agent_id     bigint  NOT NULL,  -- the agent who brought the member, 0 for none (as at the day's close)
  bets         bigint  NOT NULL,
  stakes       bigint  NOT NULL,
  refunds      bigint  NOT NULL,
  payouts      bigint  NOT NULL,
  bonuses      bigint  NOT NULL,
  rebates      bigint  NOT NULL,
  deposits     bigint  NOT NULL,
  withdrawals  bigint  NOT NULL,
  PRIMARY KEY (day, site_id, currency, venue, agent_id)
);

-- The days rolled up: a day is written once, by whichever report or instance claims it first.
CREATE TABLE wallet_report_days_closed (
  day       date        PRIMARY KEY,
  closed_at timestamptz NOT NULL DEFAULT now()
);
