-- The lottery (幸运抽奖, issue 15): tickets earned by deposits and valid turnover over the activity's window.
ALTER TABLE promo_activities DROP CONSTRAINT promo_activities_kind_check;
ALTER TABLE promo_activities ADD CONSTRAINT promo_activities_kind_check
  CHECK (kind IN ('sign', 'wheel', 'lottery', 'first_deposit', 'continue_deposit'));
