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
  // The site, live, promotion and agent screens (90045-90069).
  SITE_SETTING_INVALID: [90045, '配置值无效'],
  VIP_GRADE_ORDER: [90046, '等级门槛须随等级递增'],
  VIP_GRADE_GAP: [90047, '只能修改已有等级或新增下一个等级'],
});
