import { describe, expect, it } from 'vitest';
import { BIND_FLOWS, DESTINATION_LIMIT } from '@bp/contract';
import { BIND_STEP_OF, bindProgress, bindSteps, isBindFlow, offered } from './bind-flow.ts';

describe('bind flows before a withdrawal', () => {
  it('[S3-20] know each of userRealNameBind, userInfoBind, selectRealName, selectUSDT and its step', () => {
    expect(Object.keys(BIND_STEP_OF).sort()).toEqual([...BIND_FLOWS].sort());
    expect(BIND_STEP_OF).toEqual({ userRealNameBind: 'realName', userInfoBind: 'password', selectRealName: 'bankCard', selectUSDT: 'usdtAddress' });
    expect(BIND_FLOWS.every(isBindFlow)).toBe(true);
    expect(isBindFlow('selectBank')).toBe(false);
  });

  it('[S3-20] [S3-18] show where the member stands: a CNY site asks real name, password, card; a USDT site password, address', () => {
    expect(bindSteps(false)).toEqual(['realName', 'password', 'bankCard']);
    expect(bindSteps(true)).toEqual(['password', 'usdtAddress']);
    expect(bindProgress('userRealNameBind', false)).toBe(0);
    expect(bindProgress('userInfoBind', false)).toBe(1);
    expect(bindProgress('selectRealName', false)).toBe(2);
    expect(bindProgress('userInfoBind', true)).toBe(0);
    expect(bindProgress('selectUSDT', true)).toBe(1);
    expect(bindProgress(null, false)).toBe(3);
  });

  it('[S9-03] offer at most 3 bank cards or addresses', () => {
    expect(DESTINATION_LIMIT).toBe(3);
    expect(offered([1, 2, 3, 4, 5])).toEqual([1, 2, 3]);
    expect(offered([1])).toEqual([1]);
  });
});
