import { defineErrors } from './define.ts';

/** Activities: sign-in, spin wheel, deposit bonuses (81xxx). The blacklist answer is ACTIVE_BLACKLIST (10604). */
export const promoErrors = defineErrors({
  ACTIVITY_NOT_FOUND: [81001, '该活动不存在'],
  ACTIVITY_CLOSED: [81002, '活动未开始或已结束'],
  SIGNED_TODAY: [81003, '今日已签到，明天再来吧'],
  NO_DRAWS_LEFT: [81004, '暂无抽奖次数，存款或投注可获得次数'],
  RECORD_NOT_FOUND: [81005, '该记录不存在'],
  PRIZE_RECEIVED: [81006, '该奖品已领取'],
  PRIZE_EXPIRED: [81007, '该奖品已过期'],
  PRIZE_NOTHING: [81008, '该记录没有可领取的奖品'],
  NO_TICKETS_LEFT: [81009, '暂无抽奖券，活动期间存款或投注可获得'],
  TASK_NOT_DONE: [81010, '任务尚未完成，完成后再来领取'],
  TASK_CLAIMED: [81011, '该任务奖励已领取'],
  TASK_UNKNOWN: [81012, '该任务不在本活动中'],
  BUDGET_SPENT: [81013, '本活动奖金已发放完毕'],
  NEWS_NOT_FOUND: [81014, '该资讯不存在或已下线'],
  GUESS_CLOSED: [81015, '该赛事已开赛或不可竞猜'],
  GUESS_MADE: [81016, '您已竞猜过该场赛事'],
});
