-- Bonus wagering (issue 15): a received bonus asks amount x multiple of qualifying turnover within
-- its wagering window; bets at odds of 1.5 or lower and hedged bets qualify for nothing (voids,
-- cash-outs and refused bets are never valid turnover). Withdrawing before the wagering is met,
-- or letting the window pass, forfeits the part of the bonus not yet wagered.
-- Bonuses received before this migration are taken as met ('none').
ALTER TABLE vip_bonuses
  ADD COLUMN wager_state          text   NOT NULL DEFAULT 'none' CHECK (wager_state IN ('none', 'wagering', 'met', 'forfeited', 'lapsed')),
  ADD COLUMN wager_required_minor bigint NOT NULL DEFAULT 0 CHECK (wager_required_minor >= 0),
  ADD COLUMN wagered_minor        bigint NOT NULL DEFAULT 0 CHECK (wagered_minor >= 0),
  ADD COLUMN wager_until          timestamptz,
  ADD COLUMN forfeited_minor      bigint NOT NULL DEFAULT 0 CHECK (forfeited_minor >= 0),
  -- The most one bet may stake while this bonus is wagering (the level's figure when received; 0: no limit).
  ADD COLUMN max_stake_minor      bigint NOT NULL DEFAULT 0 CHECK (max_stake_minor >= 0);
CREATE INDEX vip_bonuses_wagering ON vip_bonuses (member_id, received_at) WHERE wager_state = 'wagering';

-- What a valid bet counts toward bonus wagering (0: odds of 1.5 or lower, or hedged).
ALTER TABLE vip_valid_bets ADD COLUMN wager_minor bigint NOT NULL DEFAULT 0 CHECK (wager_minor >= 0);

-- A level's most per bet while a bonus is wagering (0: no limit); existing grades a hundredth of
-- their withdrawal limit, as the demo grades.
ALTER TABLE vip_grades ADD COLUMN wager_max_stake_minor bigint NOT NULL DEFAULT 0 CHECK (wager_max_stake_minor >= 0);
UPDATE vip_grades SET wager_max_stake_minor = withdraw_max_minor / 100;
