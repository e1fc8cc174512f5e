import { defineErrors } from './define.ts';

/** 捕鱼 at the fish venue (603xx, second half). */
export const fishErrors = defineErrors({
  FISH_BALANCE_SHORT: [60351, '捕鱼余额不足，请先转入额度'],
});
