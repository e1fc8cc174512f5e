import { defineErrors } from './define.ts';

/**
 * Failures the web's common request path raises itself, beside the platform's client codes
 * (TIMEOUT, LINE_ABNORMAL, NETWORK_ABNORMAL): no server answers these.
 */
export const clientErrors = defineErrors({
  /** The member closed the security verification dialog: the call is cancelled (seed 4). */
  REQUEST_CLOSED: [1000024, '请求已关闭'],
});
