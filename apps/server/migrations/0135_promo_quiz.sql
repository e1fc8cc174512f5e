-- Quiz (答题), issue 15: each Shanghai day a member's questions are drawn from the activity's bank
-- (the seed of the draw kept, so it can be recalled and checked); each question answered once.
-- The kinds list also names barrier and soccer_lottery, added beside this by another branch.
ALTER TABLE promo_activities DROP CONSTRAINT promo_activities_kind_check;
ALTER TABLE promo_activities ADD CONSTRAINT promo_activities_kind_check
  CHECK (kind IN ('sign', 'wheel', 'lottery', 'first_deposit', 'continue_deposit', 'invite', 'novice', 'guess',
                  'barrier', 'soccer_lottery', 'quiz'));

CREATE TABLE promo_quiz_days (
  activity_id  integer NOT NULL,
  member_id    bigint  NOT NULL,
  day          text    NOT NULL,
  -- 32 hex digits from the CSPRNG; the questions follow from it and the bank's size (quiz.ts drawOrder).
  seed         text    NOT NULL,
  question_nos jsonb   NOT NULL,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (activity_id, member_id, day)
);

CREATE TABLE promo_quiz_answers (
  activity_id  integer  NOT NULL,
  member_id    bigint   NOT NULL,
  day          text     NOT NULL,
  slot         smallint NOT NULL,
  question_no  integer  NOT NULL,
  -- null until answered; set once (the answer call updates only an unanswered row).
  chosen       smallint,
  correct      boolean,
  answered_at  timestamptz,
  PRIMARY KEY (activity_id, member_id, day, slot)
);
