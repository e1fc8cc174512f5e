import { DESTINATION_LIMIT, formatMoney, fromMinor, toMinor, type BindFlow } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { getMember } from '../auth/index.ts';
import { memberAccount, type WalletOwner } from './accounts.ts';
import { balanceOf } from './ledger.ts';
import { listAddresses, listBankCards } from './destinations.ts';
import { walletSettings } from './settings.ts';
import { feeFor, limitsView, withdrawRules } from './withdraw-rules.ts';
import { passwordRequired, passwordStatus } from './withdraw-password.ts';

/**
 * Which bind flow the client must complete before a withdrawal (seed 3), in this order, or null
 * when ready:
 *  - userRealNameBind: a CNY site pays to cards in the member's real name, and none is bound yet;
 *  - userInfoBind: the withdrawal password the site asks for is not set;
 *  - selectRealName: no bank card yet: bind one under the real name;
 *  - selectUSDT: a USDT site, and no USDT address yet.
 */
export async function bindFlow(db: Db, owner: WalletOwner): Promise<{ flow: BindFlow | null; missing: string[] }> {
  const usdtSite = owner.currency === 'USDT';
  const [member, status, cards, addresses] = [
    await getMember(db, owner.memberId),
    await passwordStatus(db, owner.memberId, owner.siteId),
    await listBankCards(db, owner.memberId),
    await listAddresses(db, owner.memberId),
  ];
  const missing: string[] = [];
  if (!usdtSite && !member?.realName) missing.push('realName');
  if (status.required && !status.isSet) missing.push('withdrawPassword');
  if (!usdtSite && cards.length === 0) missing.push('bankCard');
  if (usdtSite && addresses.length === 0) missing.push('usdtAddress');
  const flowOf: Record<string, BindFlow> = {
    realName: 'userRealNameBind',
    withdrawPassword: 'userInfoBind',
    bankCard: 'selectRealName',
    usdtAddress: 'selectUSDT',
  };
  return { flow: missing.length ? flowOf[missing[0]] : null, missing };
}

async function rulesNow(db: Db, owner: WalletOwner) {
  const settings = await walletSettings(db, owner.siteId, owner.currency);
  const main = await memberAccount(db, owner);
  return { main, rules: await withdrawRules(db, owner, main, settings) };
}

/**
 * The withdraw screen's notices, in words and the site's money format: limits, fees and the
 * turnover still required (the screen says the turnover here alone).
 */
export async function withdrawPrompt(db: Db, owner: WalletOwner) {
  const { rules } = await rulesNow(db, owner);
  const view = limitsView(rules);
  const money = (amount: number) => formatMoney(amount, owner.currency.toLowerCase());
  const tips = [
    `单笔提款金额 ${money(view.min)} - ${money(view.max)}`,
    `每日前${view.freeTimesPerDay}次提款免手续费，之后收取${view.feePercent}%手续费（今日已提${view.usedTimesToday}次）`,
    rules.depositTurnoverRemaining > 0n
      ? `还需完成 ${money(view.turnoverRemaining)} 流水方可提款`
      : rules.bonusWagerRemaining > 0n
        ? `优惠流水还差 ${money(view.bonusWagerRemaining)}；现在提款将扣除未完成流水的彩金 ${money(view.bonusForfeit)}`
        : '流水已达标，可以提款',
  ];
  return { ...view, tips };
}

/** Everything the withdraw form needs; with `amount`, the fee and what arrives. */
export async function withdrawPrepare(db: Db, owner: WalletOwner, amount?: number) {
  const { main, rules } = await rulesNow(db, owner);
  const balance = await balanceOf(db, main);
  // What a withdrawal now would forfeit of bonuses still wagering, at most the balance; the rest may go.
  const forfeit = rules.bonusForfeit < balance ? rules.bonusForfeit : balance;
  const free = balance - forfeit;
  const withdrawable = rules.depositTurnoverRemaining > 0n ? 0n : free < rules.maxMinor ? free : rules.maxMinor;
  const amountMinor = amount === undefined ? 0n : toMinor(amount);
  const fee = feeFor(amountMinor, rules);
  const status = await passwordStatus(db, owner.memberId, owner.siteId);
  return {
    ...limitsView(rules),
    bonusForfeit: fromMinor(forfeit),
    balance: fromMinor(balance),
    withdrawable: fromMinor(withdrawable),
    fee: fromMinor(fee),
    receivable: fromMinor(amountMinor - fee),
    // Seed 9: at most 3 of each, newest first (more only where bound before the limit was 3).
    bankCards: (await listBankCards(db, owner.memberId)).slice(0, DESTINATION_LIMIT),
    addresses: (await listAddresses(db, owner.memberId)).slice(0, DESTINATION_LIMIT),
    flow: (await bindFlow(db, owner)).flow,
    passwordLockedUntil: (await passwordRequired(db, owner.siteId)) ? status.lockedUntil : null,
  };
}
