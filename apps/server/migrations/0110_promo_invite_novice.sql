-- Invite friends (邀请好友) and novice tasks (新手任务), issue 15: two more activity kinds. An invite
-- reward's record has ref 'invitee:<memberId>', a task's 'task:<name>': each once per member (promo_records_once).
ALTER TABLE promo_activities DROP CONSTRAINT promo_activities_kind_check;
ALTER TABLE promo_activities ADD CONSTRAINT promo_activities_kind_check
  CHECK (kind IN ('sign', 'wheel', 'lottery', 'first_deposit', 'continue_deposit', 'invite', 'novice'));
