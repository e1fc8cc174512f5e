import { defineErrors } from './define.ts';

/** Live: anchors, chat rooms and their moderation, gold coins and gifts (70xxx). */
export const liveErrors = defineErrors({
  ANCHOR_ROOM_NOT_FOUND: [70001, '直播间不存在'],
  CHAT_ROOM_NOT_FOUND: [70002, '聊天室不存在'],
  CHAT_ROOM_CLOSED: [70003, '聊天室已关闭，暂时无法发言'],
  CHAT_MUTED: [70004, '您已被禁言，暂时无法发言'],
  CHAT_CONTENT_EMPTY: [70005, '请输入聊天内容'],
  CHAT_CONTENT_TOO_LONG: [70006, '聊天内容不能超过200个字'],
  CHAT_CONTENT_INVALID: [70007, '聊天内容含有不支持的字符'],
  CHAT_BLOCKED_WORD: [70008, '聊天内容含有违禁词，请修改后再发送'],
  CHAT_TOO_FAST: [70009, '发言太快了，请稍后再发'],
  CHAT_SLOW_MODE: [70010, '聊天室处于慢速模式，请稍后再发言'],
  CHAT_MEMBERS_ONLY: [70011, '该聊天室仅限会员查看，请先登录'],
  CHAT_NOT_MODERATOR: [70012, '您不是该聊天室的管理员'],
  CHAT_MESSAGE_NOT_FOUND: [70013, '消息不存在或已删除'],
  CHAT_CANNOT_MUTE: [70014, '不能禁言自己或聊天室管理员'],
  CHAT_SWITCHED_OFF: [70015, '本站暂未开放聊天室'],
  GIFT_NOT_FOUND: [70016, '礼物不存在或已下架'],
  GIFT_NO_ANCHOR: [70017, '该聊天室没有主播，无法赠送礼物'],
  GIFT_TO_SELF: [70018, '不能给自己赠送礼物'],
  GOLD_INSUFFICIENT: [70019, '金币不足，请先充值'],
  CHAT_ORDER_OTHER_VENUE: [70020, '该注单不属于本直播间的场馆，无法分享'],
  STREAM_NOT_STARTED: [70021, '赛事尚未开始'],
  STREAM_INTERRUPTED: [70022, '主播暂时离开，请稍候'],
});
