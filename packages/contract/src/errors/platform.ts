import { defineErrors } from './define.ts';

/**
 * The seed's section 8, plus the platform's own request errors.
 * Codes are stable: clients react by code, never by message.
 */
export const platformErrors = defineErrors({
  OK: [0, '操作成功'],
  VALIDATION: [10400, '参数错误'],
  NOT_FOUND: [10402, '数据不存在'], // ignored by the client's generic handling (seed 8)
  FORBIDDEN: [10403, '无权操作该数据'], // ignored by the client's generic handling (seed 8)
  VERIFY_CODE: [10409, '验证码错误'],
  NEED_SAFE: [10410, '请完成安全验证'],
  IDEMPOTENCY_MISMATCH: [10411, '请求标识已被其他请求使用'],
  IDEMPOTENCY_IN_FLIGHT: [10412, '请求正在处理中，请勿重复提交'],
  IDEMPOTENCY_KEY_REQUIRED: [10413, '缺少请求标识 Idempotency-Key'],
  BODY_TOO_LARGE: [10414, '请求内容过大'],
  BAD_JSON: [10415, '请求格式错误'],
  BAD_SIGNATURE: [10416, '请求签名错误'],
  REPLAYED: [10417, '请求已过期或重复，请重试'],
  BAD_CIPHER: [10418, '请求解密失败'],
  ROUTE_NOT_FOUND: [10419, '接口不存在'],
  REQUEST_TOO_LONG: [10420, '请求地址或请求头过长'],

  AUTH_INVALID: [10501, '登录已失效，请重新登录'],
  LOGIN_ELSEWHERE: [10502, '您的账号已在其他设备登录'],
  ACCOUNT_BLOCKED: [10503, '您的账号已被冻结，请联系客服'],
  PASSWORD_CHANGED: [10504, '密码已修改，请重新登录'],
  IP_BLOCKED: [10505, '您的IP已被限制访问，请联系客服'],
  DEVICE_BLOCKED: [10506, '您的设备已被限制访问，请联系客服'],

  ACCESS_CAVEAT: [10601, '当前地区暂不提供服务'],
  ACCESS_RESTRICTION: [10602, '访问受限'],
  SYSTEM_MAINTENANCE: [10603, '系统维护中'],
  ACTIVE_BLACKLIST: [10604, '您已被限制参与活动，如有疑问请联系客服'],

  HIGH_TRAFFIC: [10701, '当前访问人数过多或操作频繁，请稍后再试'],
  RATE_LIMIT_A: [10702, '操作过于频繁，请稍后再试'],
  RATE_LIMIT_B: [10703, '操作过于频繁，请稍后再试'],
  RATE_LIMIT_C: [10704, '操作过于频繁，请稍后再试'],
  INTERFACE_DEGRADE: [10705, '服务繁忙，请稍后再试'],
  ROBOT_CHECK: [10706, '请完成人机验证'],

  TIMEOUT: [1000021, '请求超时'],
  LINE_ABNORMAL: [1000022, '线路异常，正在切换'],
  NETWORK_ABNORMAL: [1000023, '网络异常'],
  INTERNAL: [99999, '系统繁忙，请稍后再试'],
});
