import { defineErrors } from './define.ts';

/** Live dealer tables: baccarat, dragon tiger, roulette at AG (602xx). */
export const tablesErrors = defineErrors({
  TABLE_UNKNOWN: [60201, '牌桌不存在'],
  TABLE_BETTING_CLOSED: [60202, '本局已停止下注，请等待下一局'],
  TABLE_SPOT_UNKNOWN: [60203, '没有这个投注项'],
  TABLE_BET_BELOW_MIN: [60204, '低于该投注项的最低限额'],
  TABLE_BET_ABOVE_MAX: [60205, '超过该投注项的最高限额'],
  TABLE_CLOSED: [60206, '牌桌维护中，请稍后再试'],
});
