import { z } from 'zod';
import { DESK_AUDIT_ACTIONS } from './admin-desk.ts';

/**
 * The operator back office (issue 17): operators, their roles and what each role may do, the
 * audit log, and the screens' calls. Shared by the server (which checks every call) and the
 * console (which shows only what the operator may use).
 */

export const OPERATOR_ROLES = ['super', 'finance', 'risk', 'trader', 'content', 'cs', 'moderator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ROLE_LABELS: Record<OperatorRole, string> = {
  super: '超级管理员',
  finance: '财务',
  risk: '风控',
  trader: '操盘手',
  content: '内容运营',
  cs: '客服',
  moderator: '直播管理员',
};

/** What an operator call may need; every `/api/admin/` route but the login names one. */
export const PERMISSIONS = {
  session: '登录与本人会话',
  'dashboard.read': '查看仪表盘',
  'member.read': '查看会员',
  'member.manage': '管理会员（封禁、标签、VIP、备注、重置密码）',
  'audit.read': '查看审计日志',
  'operator.manage': '管理操作员',
  'finance.read': '查看存取款订单',
  'finance.decide': '审核存取款',
  'agent.manage': '审核代理申请',
  'message.send': '发送站内信',
  'live.moderate': '直播间管理（房管、记录）',
  'live.manage': '主播直播间设置',
  'venue.manage': '游戏平台与供应商',
  'sports.read': '查看体育赛事、盘口与风险敞口',
  'sports.trade': '暂停与开放赛事、盘口',
  'sports.settle': '录入赛果、结算、作废与重新结算',
  'site.manage': '站点内容与配置（公告、轮播图、帮助中心、配置项、维护、外观）',
  'site.access': '站点访问规则（按IP、国家允许、拒绝或提示）',
  'promo.manage': '活动开关与规则、VIP等级、答题题库、专家推荐与赞助',
  'finance.adjust': '人工调整余额（申请与复核）',
  'report.read': '查看报表',
  'casino.read': '查看游戏对局（局号、结果、账目）',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const ALL = Object.keys(PERMISSIONS) as Permission[];

/** Each role's permissions; an operator holds the union of their roles'. */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  super: ALL,
  finance: ['session', 'dashboard.read', 'member.read', 'finance.read', 'finance.decide', 'agent.manage', 'finance.adjust', 'report.read'],
  risk: [
    'session',
    'dashboard.read',
    'member.read',
    'member.manage',
    'audit.read',
    'finance.read',
    'finance.decide',
    'finance.adjust',
    'report.read',
    'sports.read',
    'casino.read',
    'site.access',
  ],
  trader: ['session', 'dashboard.read', 'report.read', 'sports.read', 'sports.trade', 'sports.settle'],
  content: ['session', 'message.send', 'live.manage', 'site.manage', 'promo.manage'],
  cs: ['session', 'member.read', 'member.manage', 'finance.read', 'message.send', 'casino.read'],
  moderator: ['session', 'live.moderate'],
};

export function permissionsOf(roles: readonly OperatorRole[]): Permission[] {
  const held = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role] ?? []));
  return ALL.filter((p) => held.has(p));
}

/** Operator names: 3-32 letters, digits, `_` `.` `-`. */
export const OperatorName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, '名称须为3-32位字母、数字或 _ . -');
/** At least 10 characters with a letter and a digit: operators guard money. */
export const OperatorPassword = z
  .string()
  .min(10, '密码至少10位')
  .max(64, '密码最多64位')
  .regex(/[A-Za-z]/, '密码须包含字母')
  .regex(/\d/, '密码须包含数字');
export const TotpCode = z.string().regex(/^\d{6}$/, '请输入6位动态验证码');
const Role = z.enum(OPERATOR_ROLES);
const SiteIds = z.array(z.number().int().positive()).max(50).nullable();
const Id = z.number().int().positive().max(2_147_483_647);
const EpochMs = z.number().int().nonnegative();
const Page = { page: z.number().int().min(1).max(100_000).default(1), size: z.number().int().min(1).max(200).default(20) };

export const AdminLoginBody = z.object({
  name: z.string().trim().min(1, '请输入账号').max(32),
  password: z.string().min(1, '请输入密码').max(64),
  totp: TotpCode,
});
export const AdminLoginData = z.object({ token: z.string(), operatorId: z.number().int(), roles: z.array(Role) });

export const OperatorView = z.object({
  operatorId: z.number().int(),
  name: z.string(),
  roles: z.array(Role),
  /** Sites the operator may act on; null: every site. */
  siteIds: z.array(z.number().int()).nullable(),
  status: z.enum(['active', 'disabled']),
  createdAt: EpochMs,
  lastLoginAt: EpochMs.nullable(),
});
/** The sites an operator may act on, for the console's pickers and labels. */
export const AdminSiteListData = z.object({ list: z.array(z.object({ siteId: z.number().int(), name: z.string(), currency: z.string() })) });
export const AdminMeData = OperatorView.extend({ permissions: z.array(z.string()), idleMinutes: z.number().int() });

export const OperatorCreateBody = z.object({
  name: OperatorName,
  password: OperatorPassword,
  roles: z.array(Role).min(1, '请至少选择一个角色'),
  siteIds: SiteIds,
});
/** The new operator and the two-factor secret, shown once. */
export const OperatorCreateData = z.object({ operator: OperatorView, otpauthUri: z.string() });
export const OperatorUpdateBody = z.object({
  operatorId: Id,
  roles: z.array(Role).min(1, '请至少选择一个角色').optional(),
  siteIds: SiteIds.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export const OperatorListData = z.object({ list: z.array(OperatorView) });

export const AuditListBody = z.object({
  ...Page,
  operatorId: Id.optional(),
  action: z.string().trim().max(64).optional(),
  /** Part of the target, e.g. `withdraw:12` or `member:3`. */
  target: z.string().trim().max(64).optional(),
  from: EpochMs.optional(),
  to: EpochMs.optional(),
});
export const AuditEntry = z.object({
  id: z.number().int(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: EpochMs,
  hash: z.string(),
  prevHash: z.string(),
});
export const AuditListData = z.object({ list: z.array(AuditEntry), total: z.number().int() });
export const AuditVerifyData = z.object({ ok: z.boolean(), entries: z.number().int(), brokenAt: z.number().int().nullable(), reason: z.string().nullable() });

/** What each audited action is called on screen. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'operator.create': '创建操作员',
  'operator.update': '修改操作员',
  'deposit.approve': '存款通过',
  'deposit.reject': '存款拒绝',
  'withdraw.approve': '提款通过',
  'withdraw.reject': '提款拒绝',
  'message.send': '发送站内信',
  'agent.decide': '审核代理',
  'live.moderator.grant': '任命房管',
  'live.moderator.revoke': '撤销房管',
  'live.room.update': '修改直播间',
  'member.block': '封禁/解封账号',
  'member.blockIp': '封禁/解封IP',
  'member.blockDevice': '封禁/解封设备',
  'member.tags': '修改会员标签',
  'member.vip': '调整VIP等级',
  'member.note': '添加会员备注',
  'member.password.reset': '重置会员密码',
  ...DESK_AUDIT_ACTIONS,
  'site.notice.save': '保存公告',
  'site.notice.remove': '删除公告',
  'site.banner.save': '保存轮播图',
  'site.banner.remove': '删除轮播图',
  'site.config.set': '修改站点配置',
  'site.maintenance.set': '设置站点维护',
  'site.access.add': '添加访问规则',
  'site.access.remove': '删除访问规则',
  'site.appearance.set': '修改站点外观',
  'live.chat.mute': '聊天室禁言',
  'live.chat.unmute': '解除禁言',
  'live.chat.delete': '删除聊天消息',
  'promo.activity.switch': '开关活动',
  'promo.activity.rules': '修改活动规则',
  'vip.grade.save': '修改VIP等级',
  'adjust.request': '申请人工调整',
  'adjust.approve': '复核通过人工调整',
  'adjust.reject': '驳回人工调整',
};

// Finance: the review queues and the decisions ----------------------------------------------------
export const ApproveBody = z.object({ orderId: Id, note: z.string().trim().max(200).optional() });
export const RejectBody = z.object({ orderId: Id, reason: z.string().trim().min(1, '请填写拒绝原因').max(200) });
export const DecisionData = z.object({ orderId: z.number().int(), orderNo: z.string(), status: z.string(), amount: z.number() });

const ReviewListBody = z.object({
  ...Page,
  status: z.string().trim().max(16).optional(),
  siteId: Id.optional(),
  memberName: z.string().trim().max(32).optional(),
});
export const WithdrawReviewListBody = ReviewListBody;
export const DepositReviewListBody = ReviewListBody;

/** What every order in a review queue shows: whose, where, how much, and how it stands. */
const ReviewOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  siteId: z.number().int(),
  currency: z.string(),
  amount: z.number(),
  status: z.string(),
  reviewNote: z.string().nullable(),
  createdAt: EpochMs,
});

export const WithdrawReviewRow = ReviewOrder.extend({
  fee: z.number(),
  receivable: z.number(),
  usdtAmount: z.number().nullable(),
  destination: z.string(),
  payoutTo: z.string(),
});
export const WithdrawReviewListData = z.object({ list: z.array(WithdrawReviewRow), total: z.number().int() });

export const DepositReviewRow = ReviewOrder.extend({
  kind: z.string(),
  payTypeName: z.string(),
  payerName: z.string().nullable(),
  appealReason: z.string().nullable(),
  hasProof: z.boolean(),
});
export const DepositReviewListData = z.object({ list: z.array(DepositReviewRow), total: z.number().int() });

/** A deposit's payment proof, as a data: URL (the console shows it beside the order). */
export const DepositProofData = z.object({ mime: z.string(), dataUrl: z.string() });

/** What the reviewer weighs before paying a withdrawal out. */
export const WithdrawRiskData = z.object({
  order: WithdrawReviewRow,
  /** Turnover the member still owes before withdrawing (0: none). */
  turnoverRemaining: z.number(),
  depositTotal: z.number(),
  withdrawTotal: z.number(),
  balance: z.number(),
  /** Other members seen on this member's IPs or devices. */
  sharedIp: z.array(z.object({ memberId: z.number().int(), name: z.string(), ip: z.string() })),
  sharedDevice: z.array(z.object({ memberId: z.number().int(), name: z.string(), device: z.string() })),
  /** Winnings paid in the last 7 days, largest first. */
  recentWins: z.array(z.object({ kind: z.string(), amount: z.number(), memo: z.string().nullable(), at: EpochMs })),
});

// Dashboard ----------------------------------------------------------------------------------------
export const DashboardBody = z.object({ siteId: Id, days: z.number().int().min(1).max(60).default(14) });
/** One Shanghai day of a site, in its currency. GGR: stakes less refunds and winnings paid; NGR: GGR less bonuses. */
export const DayFigures = z.object({
  day: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number().int(),
  stakes: z.number(),
  payouts: z.number(),
  bonuses: z.number(),
  ggr: z.number(),
  ngr: z.number(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
});
export const DashboardData = z.object({ currency: z.string(), days: z.array(DayFigures) });

// Members --------------------------------------------------------------------------------------------
/** The tags an operator sets (the seed's activity blacklist and no-level-bonus). */
export const MEMBER_TAG_LABELS: Record<string, string> = { activity_blacklist: '活动黑名单', no_level_bonus: '禁领等级礼金' };
const MemberTag = z.enum(['activity_blacklist', 'no_level_bonus']);
const Reason = z.string().trim().min(1, '请填写原因').max(200);

export const MemberSearchBody = z.object({
  ...Page,
  keyword: z.string().trim().max(64).optional(),
  siteId: Id.optional(),
  tag: MemberTag.optional(),
  status: z.enum(['0', '1', '2']).optional(),
});
export const MemberSummary = z.object({
  memberId: z.number().int(),
  siteId: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  realName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  vipLevel: z.number().int(),
  /** '1' normal, '2' blocked, '0' dormant */
  status: z.string(),
  tags: z.array(z.string()),
  isAgent: z.boolean(),
  createdAt: EpochMs,
});
export const MemberSearchData = z.object({ list: z.array(MemberSummary), total: z.number().int() });
export const MemberIdBody = z.object({ memberId: Id });
export const MemberDetailData = MemberSummary.extend({
  birthday: z.string().nullable(),
  inviteCode: z.string().nullable(),
  agentCode: z.string().nullable(),
  mustChangePassword: z.boolean(),
  currency: z.string(),
  balances: z.object({ main: z.number(), yeb: z.number(), bonus: z.number(), hold: z.number(), venues: z.number() }),
  ledger: z.array(z.object({ kind: z.string(), amount: z.number(), memo: z.string().nullable(), at: EpochMs })),
  logins: z.array(
    z.object({ ip: z.string().nullable(), device: z.string().nullable(), at: EpochMs, lastSeenAt: EpochMs.nullable(), endedReason: z.string().nullable() }),
  ),
  blockedIps: z.array(z.string()),
  blockedDevices: z.array(z.string()),
  notes: z.array(z.object({ noteId: z.number().int(), operatorName: z.string(), content: z.string(), at: EpochMs })),
});
export const MemberBlockBody = z.object({ memberId: Id, blocked: z.boolean(), reason: Reason });
export const IpBlockBody = z.object({ siteId: Id, ip: z.string().trim().min(3).max(64), blocked: z.boolean(), reason: Reason });
export const DeviceBlockBody = z.object({ siteId: Id, device: z.string().trim().min(1).max(128), blocked: z.boolean(), reason: Reason });
export const MemberTagsBody = z.object({ memberId: Id, tags: z.array(MemberTag).max(10) });
export const MemberVipBody = z.object({ memberId: Id, vipLevel: z.number().int().min(0).max(20), reason: Reason });
export const MemberNoteBody = z.object({ memberId: Id, content: z.string().trim().min(1, '请填写备注').max(500) });
export const PasswordResetData = z.object({ temporaryPassword: z.string() });
