import { defineErrors } from './define.ts';

/** 棋牌 at KY: 抢庄牛牛 against the house banker (603xx, first half). */
export const chessErrors = defineErrors({
  NIUNIU_BALANCE_SHORT: [60301, '棋牌余额不足：开局须有底注的 20 倍，请先转入额度'],
  NIUNIU_ROUND_UNKNOWN: [60302, '牌局不存在'],
  NIUNIU_ROUND_OVER: [60303, '本局已结束，请重新开局'],
  NIUNIU_ROUND_OPEN: [60304, '上一局还未结束，请先抢庄'],
});
