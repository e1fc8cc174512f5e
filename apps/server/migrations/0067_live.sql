-- Live (issue 14): anchors and their rooms, chat rooms of matches and anchor rooms with their
-- messages and moderation, gifts and what members gave. Money moves in the wallet's ledger
-- (gold coins, 0066); these tables keep the business records beside it.

CREATE TABLE live_anchors (
  anchor_id      serial      PRIMARY KEY,
  nickname       text        NOT NULL,
  square_logo    text        NOT NULL DEFAULT '',
  screen         text        NOT NULL DEFAULT 'horizontal' CHECK (screen IN ('horizontal', 'vertical')),
  -- 1: commentates matches of the book; 2: casts freely.
  anchor_type    smallint    NOT NULL DEFAULT 1,
  -- The anchor's own member account, when it has one: it moderates the anchor's room.
  member_id      bigint,
  -- The seed's status enumeration: '0' inactive, '1' active, '2' disabled.
  status         text        NOT NULL DEFAULT '1',
  -- The anchor's part of the gifts it receives, in percent; the rest is the house's.
  share_percent  smallint    NOT NULL DEFAULT 50 CHECK (share_percent BETWEEN 0 AND 100),
  -- Demo anchors are seeded under a key of their own, so seeding is safe on every start.
  demo_key       text        UNIQUE,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE live_anchor_rooms (
  anchor_room_id serial      PRIMARY KEY,
  anchor_id      integer     NOT NULL UNIQUE REFERENCES live_anchors(anchor_id),
  title          text        NOT NULL,
  description    text        NOT NULL DEFAULT '',
  -- The match of the book the anchor commentates; none: a free cast.
  match_id       bigint,
  -- The venue code as the provider gives it (OBTY, IMTY); the list shows it as YB, IM.
  venue_code     text        NOT NULL DEFAULT 'OBTY',
  -- 0 not started, 1 on air, 2 interrupted (seed 4).
  anchor_status  smallint    NOT NULL DEFAULT 0 CHECK (anchor_status IN (0, 1, 2)),
  -- A demo room follows its match (on air while it is in play, another match once it is over);
  -- an operator's change of the room stops that.
  follows_match  boolean     NOT NULL DEFAULT false,
  hls_url        text,
  flv_url        text,
  chat_room_no   text        NOT NULL UNIQUE,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_anchor_rooms_match ON live_anchor_rooms (match_id) WHERE match_id IS NOT NULL;

-- A chat room: a match's own (M<matchId>) or an anchor room's (A<anchorRoomId>). Rooms are shared
-- by every site; each message carries its sender's site.
CREATE TABLE live_chat_rooms (
  chat_room_no   text        PRIMARY KEY,
  kind           text        NOT NULL CHECK (kind IN ('match', 'cast')),
  match_id       bigint,
  anchor_room_id integer,
  -- The venue code of the room's match or anchor (OBTY, IMTY): order messages of another venue are not shown.
  venue_code     text        NOT NULL,
  -- 1 open, 0 closed by a moderator (read only), -1 shut (no entrance).
  status         smallint    NOT NULL DEFAULT 1 CHECK (status IN (-1, 0, 1)),
  slow_mode_sec  integer     NOT NULL DEFAULT 0 CHECK (slow_mode_sec >= 0),
  members_only   boolean     NOT NULL DEFAULT false,
  -- The room's sequence: every message and every removal takes the next one.
  last_seq       bigint      NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX live_chat_rooms_match ON live_chat_rooms (match_id) WHERE kind = 'match';

CREATE TABLE live_chat_messages (
  message_id     bigserial   PRIMARY KEY,
  chat_room_no   text        NOT NULL,
  seq            bigint      NOT NULL,
  msg_type       text        NOT NULL CHECK (msg_type IN ('text', 'order', 'giftPush', 'orderPush', 'revertOrderPush', 'welcome')),
  -- The side of the room: 'low' (VIP 4 and below) or 'high'; room-wide messages are read by both.
  level          text        NOT NULL CHECK (level IN ('low', 'high')),
  room_wide      boolean     NOT NULL DEFAULT false,
  content        text        NOT NULL,
  -- The order card (order, orderPush, revertOrderPush) or the gift card (giftPush).
  card           jsonb,
  member_id      bigint,
  site_id        integer,
  site_series    text,
  venue_name     text        NOT NULL,
  username       text        NOT NULL DEFAULT '',
  member_name    text        NOT NULL DEFAULT '',
  vip_level      integer     NOT NULL DEFAULT 0,
  -- The sender's id of the message: a retried send posts once.
  client_msg_id  text,
  -- What a pushed message is news of (a big win, its revert), posted once per room.
  push_key       text,
  created_at     timestamptz NOT NULL,
  deleted_at     timestamptz,
  deleted_seq    bigint,
  UNIQUE (chat_room_no, seq)
);
CREATE UNIQUE INDEX live_chat_messages_client ON live_chat_messages (member_id, client_msg_id) WHERE client_msg_id IS NOT NULL;
CREATE UNIQUE INDEX live_chat_messages_push ON live_chat_messages (chat_room_no, push_key) WHERE push_key IS NOT NULL;
CREATE INDEX live_chat_messages_member ON live_chat_messages (member_id, created_at) WHERE member_id IS NOT NULL;
CREATE INDEX live_chat_messages_deleted ON live_chat_messages (chat_room_no, deleted_seq) WHERE deleted_seq IS NOT NULL;

-- Members the operator made moderators of a room (an anchor moderates its own room besides).
CREATE TABLE live_chat_moderators (
  chat_room_no   text        NOT NULL,
  member_id      bigint      NOT NULL,
  granted_by     text        NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_room_no, member_id)
);

CREATE TABLE live_chat_mutes (
  chat_room_no   text        NOT NULL,
  member_id      bigint      NOT NULL,
  username       text        NOT NULL,
  until          timestamptz NOT NULL,
  muted_by       bigint      NOT NULL,
  reason         text,
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (chat_room_no, member_id)
);

-- Every moderation action: who, what, to whom, why, when.
CREATE TABLE live_chat_actions (
  action_id         bigserial   PRIMARY KEY,
  chat_room_no      text        NOT NULL,
  -- 'member:<id>' or 'operator'.
  actor             text        NOT NULL,
  action            text        NOT NULL,
  target_member_id  bigint,
  target_message_id bigint,
  reason            text,
  detail            jsonb       NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL
);
CREATE INDEX live_chat_actions_room ON live_chat_actions (chat_room_no, action_id);

-- When a member was last welcomed in a room: once in a while, not at every entry.
CREATE TABLE live_chat_entries (
  chat_room_no   text        NOT NULL,
  member_id      bigint      NOT NULL,
  welcomed_at    timestamptz NOT NULL,
  PRIMARY KEY (chat_room_no, member_id)
);

CREATE TABLE live_gifts (
  gift_id        serial      PRIMARY KEY,
  -- 1 an ordinary gift, 2 a luxury one (a larger animation).
  gift_type      smallint    NOT NULL DEFAULT 1,
  -- In gold coins.
  price          integer     NOT NULL CHECK (price > 0),
  name           text        NOT NULL UNIQUE,
  icon           text        NOT NULL,
  icon_web       text        NOT NULL,
  status         text        NOT NULL DEFAULT '1',
  old_id         integer,
  sort           integer     NOT NULL DEFAULT 0
);

-- A gift sent: what the member gave (the ledger's transfers carry the ref gift:<id>).
CREATE TABLE live_gift_sends (
  gift_send_id   bigserial   PRIMARY KEY,
  member_id      bigint      NOT NULL,
  site_id        integer     NOT NULL,
  member_name    text        NOT NULL,
  anchor_room_id integer     NOT NULL,
  anchor_id      integer     NOT NULL,
  gift_id        integer     NOT NULL,
  count          integer     NOT NULL CHECK (count > 0),
  -- Hundredths of a coin: all of it, and the anchor's part.
  gold_minor     bigint      NOT NULL CHECK (gold_minor > 0),
  anchor_minor   bigint      NOT NULL,
  combo          integer     NOT NULL DEFAULT 1,
  -- The Shanghai day it was sent (day and week ranks).
  day            date        NOT NULL,
  created_at     timestamptz NOT NULL
);
CREATE INDEX live_gift_sends_room_day ON live_gift_sends (anchor_room_id, day);
CREATE INDEX live_gift_sends_member ON live_gift_sends (member_id, created_at);

-- Gold coins bought: the money and the coins (ledger ref gold:<id>).
CREATE TABLE live_gold_purchases (
  purchase_id    bigserial   PRIMARY KEY,
  member_id      bigint      NOT NULL,
  site_id        integer     NOT NULL,
  amount_minor   bigint      NOT NULL CHECK (amount_minor > 0),
  gold_minor     bigint      NOT NULL CHECK (gold_minor > 0),
  rate           integer     NOT NULL,
  created_at     timestamptz NOT NULL
);
CREATE INDEX live_gold_purchases_member ON live_gold_purchases (member_id, purchase_id);
