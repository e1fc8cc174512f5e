import { defineErrors } from './define.ts';

/** The seamless-wallet protocol game providers call, and its configuration (604xx). */
export const providerErrors = defineErrors({
  PROVIDER_UNKNOWN: [60401, '游戏供应商未配置'],
  PROVIDER_BAD_SIGNATURE: [60402, '签名无效'],
  PROVIDER_STALE_REQUEST: [60403, '请求时间戳超出允许范围'],
  PROVIDER_DISABLED: [60404, '该游戏供应商已停用'],
  PROVIDER_SESSION_INVALID: [60405, '游戏会话已失效，请重新进入游戏'],
  PROVIDER_PLAYER_MISMATCH: [60406, '玩家与会话或局号不符'],
  PROVIDER_INSUFFICIENT_BALANCE: [60407, '余额不足'],
  PROVIDER_TX_MISMATCH: [60408, '交易号已用于另一笔交易'],
  PROVIDER_TX_ROLLED_BACK: [60409, '该交易已撤销，不能再扣款'],
  PROVIDER_ROUND_UNKNOWN: [60410, '该局尚无扣款，请先扣款'],
  PROVIDER_ROUND_CLOSED: [60411, '该局已结算或已撤销'],
  PROVIDER_CONFIG_INVALID: [60412, '游戏供应商配置无效'],
});
