-- The operator switches an activity off (and on again) from the back office, whatever its window:
-- a switched-off activity is not listed to members and takes no draws or deposit bonuses.
ALTER TABLE promo_activities ADD COLUMN enabled boolean NOT NULL DEFAULT true;
