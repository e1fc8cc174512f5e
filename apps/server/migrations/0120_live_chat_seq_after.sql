-- A member's chat post is written first and takes the room's sequence number just after, in a
-- statement of its own (modules/live/chat/send.ts), so the room's row is held for that statement
-- alone: until then its seq is null and no reader sees it.
ALTER TABLE live_chat_messages ALTER COLUMN seq DROP NOT NULL;
