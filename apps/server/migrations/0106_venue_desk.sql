-- The operator's venue desk (issue 17): the message members read while a venue is under
-- maintenance, and the most one transfer may move into it, per currency in minor units
-- ({"CNY": 5000000}; a currency left out has no limit of its own).
ALTER TABLE venues ADD COLUMN maintenance_message text NOT NULL DEFAULT '';
ALTER TABLE venues ADD COLUMN max_transfer_in jsonb NOT NULL DEFAULT '{}'::jsonb;
