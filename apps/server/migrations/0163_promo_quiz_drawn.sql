-- 答题 (issue 15, 17): the operator now edits and removes the bank's questions, so each drawn question
-- keeps the question as it was drawn (text, options, right option, explanation): a member's day
-- already drawn is answered and judged on what the member was shown, whatever the bank becomes.
-- Days drawn before this take their questions from the bank as it stands now.
ALTER TABLE promo_quiz_answers ADD COLUMN question jsonb;

UPDATE promo_quiz_answers a SET question = q.value - 'no'
FROM promo_activities p, jsonb_array_elements(p.config -> 'questions') q
WHERE p.activity_id = a.activity_id AND (q.value ->> 'no')::int = a.question_no;
