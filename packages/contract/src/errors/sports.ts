import { defineErrors } from './define.ts';

/** The sportsbook: matches, markets, bets, settlement and cash out (40xxx). */
export const sportsErrors = defineErrors({
  SPORTS_VENUE_CLOSED: [40001, '体育场馆维护中，请稍后再试'],
  MATCH_NOT_FOUND: [40002, '赛事不存在或已结束'],
  SELECTION_NOT_FOUND: [40003, '投注选项不存在'],
  MARKET_SUSPENDED: [40004, '盘口暂停投注，请稍后再试'],
  MARKET_CLOSED: [40005, '该盘口已停止投注'],
  ODDS_CHANGED: [40006, '赔率已变化，请确认新的赔率后再投注'],
  STAKE_BELOW_MIN: [40007, '投注金额低于最低限额'],
  STAKE_ABOVE_MAX: [40008, '投注金额超过该盘口的最高限额'],
  PAYOUT_ABOVE_MAX: [40009, '可赢金额超过单注最高派彩，请降低投注金额'],
  PARLAY_LEGS: [40010, '串关须选择2至10场不同赛事'],
  PARLAY_SAME_MATCH: [40011, '同一场赛事的选项不能组合串关'],
  SINGLE_ONE_SELECTION: [40012, '单注只能选择一个投注选项'],
  BET_NOT_FOUND: [40013, '注单不存在'],
  CASHOUT_UNAVAILABLE: [40014, '该注单当前不支持提前结算'],
  CASHOUT_CHANGED: [40015, '提前结算金额已变化，请确认新的金额'],
});
