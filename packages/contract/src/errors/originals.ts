import { defineErrors } from './define.ts';

/** House originals: dice, limbo, mines, plinko, keno and their seeds (60100-60199). */
export const originalsErrors = defineErrors({
  ORIGINALS_AMOUNT_RANGE: [60101, '单局投注金额须在1至100000之间'],
  ORIGINALS_DICE_TARGET: [60102, '目标数字超出范围：胜率须在0.01%至98%之间，最多两位小数'],
  ORIGINALS_LIMBO_TARGET: [60103, '目标倍数须在1.01至1000000之间，最多两位小数'],
  ORIGINALS_MINES_COUNT: [60104, '地雷数量须为1至24个'],
  ORIGINALS_MINES_TILE: [60105, '请选择0至24号中尚未翻开的格子'],
  ORIGINALS_ROUND_CLOSED: [60106, '该局已结束'],
  ORIGINALS_ROUND_UNKNOWN: [60107, '该局不存在'],
  ORIGINALS_ROUND_OPEN: [60108, '您有一局扫雷尚未结束，请先完成或兑现'],
  ORIGINALS_CASHOUT_EMPTY: [60109, '请至少翻开一个格子再兑现'],
  ORIGINALS_PLINKO_ROWS: [60110, '弹珠行数须为8至16，风险为低、中或高'],
  ORIGINALS_KENO_PICKS: [60111, '请选择1至10个不重复的号码（1至40）'],
  ORIGINALS_CLIENT_SEED: [60112, '客户端种子须为1至64位字母、数字或符号'],
  ORIGINALS_CLOSED: [60113, '原创游戏维护中，请稍后再试'],
  VENUE_PLAYS_FROM_MAIN: [60199, '该游戏直接使用中心钱包余额，无需转账'],
});
