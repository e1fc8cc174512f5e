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
  // The site, live, promotion and agent screens (90045-90069).
  SITE_SETTING_INVALID: [90045, '配置值无效'],
  VIP_GRADE_ORDER: [90046, '等级门槛须随等级递增'],
  VIP_GRADE_GAP: [90047, '只能修改已有等级或新增下一个等级'],
  // The help centre's screen (81060-81064). An unknown article is HELP_NOT_FOUND (20032).
  HELP_CATEGORY_NOT_FOUND: [81060, '帮助分类不存在'],
  HELP_CATEGORY_NOT_EMPTY: [81061, '该分类下还有文章，请先删除或移走其中的文章再删除分类'],
  HELP_SHARED_SCOPE: [81062, '所有站点共用的帮助分类及其文章，须由可管理全部站点的操作员修改'],
  HELP_CATEGORY_NAME_TAKEN: [81063, '已有同名帮助分类，请换一个名称'],
  HELP_TERMS_RENAME: [81064, '「服务条款」分类的文章是注册页的用户协议，该分类不能改名'],
  // Agents' commission (90070-90089).
  AGENT_NOT_AGENT: [90070, '该会员不是代理，不能设置佣金比例'],
});

/** The back office's sportsbook and venue desks (900 30-44). */
export const adminDeskErrors = defineErrors({
  DESK_MARKET_NOT_FOUND: [90030, '盘口不存在'],
  DESK_MARKET_CLOSED: [90031, '盘口已关闭，不能暂停或重新开放'],
  DESK_MATCH_OVER: [90032, '赛事已结束，不能暂停或重新开放'],
  DESK_RESULT_REASON: [90033, '修改已有赛果须填写原因'],
  DESK_MATCH_NOT_STARTED: [90034, '赛事尚未开始：只能取消赛事，不能录入比分'],
  DESK_RESULT_MAPS: [90035, '电竞赛果须按顺序填写每张地图的胜方，且与比分一致'],
  DESK_MARKET_VOIDED: [90036, '该盘口已作废'],
  DESK_MARKET_NOT_VOIDED: [90037, '该盘口未作废；赛果有误请修改赛事赛果'],
  DESK_NO_RESULT: [90038, '该赛事尚无赛果，无法重新结算'],
  DESK_RESETTLE_SHORT: [90039, '部分会员余额不足以退回已派彩金额，确认记为欠款后再提交'],
  DESK_BOOK_SCOPE: [90040, '赛事操作影响所有站点，须由可管理全部站点的操作员进行'],
  VENUE_TRANSFER_ABOVE_MAX: [90041, '超过该游戏平台的单笔转入上限'],
  DESK_TABLE_LIMITS: [90042, '限额须为最低不高于最高的正数'],
});
