import { BIND_FLOWS, DESTINATION_LIMIT, type BindFlow } from '@bp/contract';

/**
 * The bind flows before a first withdrawal (seed 3), in the order the server asks for them: the
 * real name, the withdrawal password, then a bank card (CNY) or a USDT address (USDT site). The
 * server's withdraw/bindFlow names the one that applies; the screen shows where the member stands.
 */
export type BindStep = 'realName' | 'password' | 'bankCard' | 'usdtAddress';

export const BIND_STEP_OF: Readonly<Record<BindFlow, BindStep>> = {
  userRealNameBind: 'realName',
  userInfoBind: 'password',
  selectRealName: 'bankCard',
  selectUSDT: 'usdtAddress',
};

/** The steps a member of this site goes through: a USDT site asks for no real name and no card. */
export function bindSteps(usdtSite: boolean): BindStep[] {
  return usdtSite ? ['password', 'usdtAddress'] : ['realName', 'password', 'bankCard'];
}

/** Where the member stands: the index of the step to do now, or the number of steps when all are done. */
export function bindProgress(flow: BindFlow | null, usdtSite: boolean): number {
  const steps = bindSteps(usdtSite);
  if (flow === null) return steps.length;
  const at = steps.indexOf(BIND_STEP_OF[flow]);
  return at < 0 ? 0 : at;
}

export const isBindFlow = (value: unknown): value is BindFlow => (BIND_FLOWS as readonly unknown[]).includes(value);

/** Seed 9: the withdraw screen offers at most 3 bank cards and 3 addresses. */
export const offered = <T>(list: readonly T[]): T[] => list.slice(0, DESTINATION_LIMIT);
