import { defineErrors } from './define.ts';

/** The operator back office: operators, their sessions and permissions, the audit log (90xxx). */
export const adminErrors = defineErrors({
  OPERATOR_AUTH: [90001, '请先登录管理后台'],
  OPERATOR_IDLE: [90002, '长时间未操作，已自动退出，请重新登录'],
  OPERATOR_FORBIDDEN: [90003, '您的角色无权进行此操作'],
  OPERATOR_SITE_FORBIDDEN: [90004, '您无权操作该站点的数据'],
  OPERATOR_LOGIN_FAILED: [90005, '账号、密码或动态验证码错误'],
  OPERATOR_LOCKED: [90006, '登录失败次数过多，请15分钟后再试'],
  OPERATOR_DISABLED: [90007, '该操作员已停用'],
  OPERATOR_NAME_TAKEN: [90008, '该操作员名称已存在'],
  OPERATOR_NOT_FOUND: [90009, '操作员不存在'],
  OPERATOR_LAST_SUPER: [90010, '至少须保留一名启用的超级管理员'],
  ADJUST_EXCEEDS_BALANCE: [90011, '扣款金额超过会员中心钱包余额'],
  ADJUST_NOT_FOUND: [90012, '调整单不存在'],
  ADJUST_NOT_PENDING: [90013, '该调整单已处理'],
  ADJUST_SELF_APPROVAL: [90014, '不能复核自己提交的调整单，须由另一名操作员复核'],
  REPORT_RANGE_INVALID: [90015, '报表日期范围无效：结束日期不能早于开始日期，且最长366天'],
});
