-- A gift's combo reads the member's last send of the same gift in the same room: found in the index
-- at once, where it sorted every send of the member before (the gifts' batches, issue 14).
CREATE INDEX live_gift_sends_combo ON live_gift_sends (member_id, anchor_room_id, gift_id, gift_send_id);
