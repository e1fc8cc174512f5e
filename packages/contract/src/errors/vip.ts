import { defineErrors } from './define.ts';

/** VIP grades, the bonus engine, rebates and the welfare centre (80xxx). */
export const vipErrors = defineErrors({
  WELFARE_NOT_FOUND: [80001, '该福利不存在'],
  WELFARE_RECEIVED: [80002, '该福利已领取'],
  WELFARE_EXPIRED: [80003, '该福利已过期'],
  LEVEL_BONUS_BLOCKED: [80004, '您的账户暂不能领取等级礼金，如有疑问请联系客服'],
  FANSHUI_NOTHING: [80005, '暂无可领取的返水'],
  BONUS_MAX_STAKE: [80006, '优惠流水完成前单注金额超出上限'],
  BONUS_FORFEIT_CONFIRM: [80007, '优惠流水未完成，提款将扣除未完成流水的彩金，请确认'],
  POINTS_NOT_ENOUGH: [80008, '积分不足'],
  POINTS_ITEM_NOT_FOUND: [80009, '该兑换商品不存在'],
  POINTS_ITEM_GONE: [80010, '该商品已兑完'],
});
