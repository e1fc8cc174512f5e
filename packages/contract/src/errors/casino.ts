import { defineErrors } from './define.ts';

/** Electronic games, collections, venue launch and the sandbox game (60xxx). */
export const casinoErrors = defineErrors({
  GAME_VENUE_UNKNOWN: [60001, '游戏平台不存在'],
  GAME_VENUE_CLOSED: [60002, '该游戏平台维护中，请稍后再试'],
  GAME_NOT_FOUND: [60003, '游戏不存在或已下架'],
  GAME_ROLLBACK_INVALID: [60004, '返回地址须为本站页面'],
  GAME_TICKET_EXPIRED: [60005, '游戏已过期，请重新进入游戏'],
  GAME_STAKE_ABOVE_BALANCE: [60006, '游戏余额不足，请先转入额度'],
  GAME_VENUE_NOT_OFFERED: [60007, '该游戏平台暂未开放'],
  GAME_ROUND_UNKNOWN: [60413, '该局不存在，或不在您可查看的站点'],
});
