-- The operator mutes members from the back office too: such a mute has no moderator member behind it.
ALTER TABLE live_chat_mutes ALTER COLUMN muted_by DROP NOT NULL;
