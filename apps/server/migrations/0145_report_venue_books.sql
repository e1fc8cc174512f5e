-- The reports now count the rounds played at venues' own books (live tables, 棋牌, 捕鱼, the slot)
-- beside the ledger's play. Days rolled up before did not: they are rolled up again, from the
-- transfers and the game records, at the next report.
DELETE FROM wallet_report_days;
DELETE FROM wallet_report_days_closed;
