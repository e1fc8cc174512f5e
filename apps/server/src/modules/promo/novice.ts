import { sql } from 'drizzle-orm';
import { fromMinor, type NoviceTask } from '@bp/contract';
import { rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { getMember } from '../auth/index.ts';
import { balanceOf, depositedTotal, memberAccount, payoutAccounts, stakedTotal, type WalletOwner } from '../wallet/index.ts';
import { payBonus } from '../vip/index.ts';
import { head, money, openActivity, spend, budgetLeft, type ActivityRow, kindConfig } from './activities.ts';
import { writeRecord } from './records.ts';

const configOf = (a: ActivityRow) => kindConfig(a, 'novice');

const TITLES: Record<NoviceTask, (currency: string) => string> = {
  bind_phone: () => '绑定手机号',
  bind_payout: (currency) => (currency === 'USDT' ? '绑定USDT提款地址' : '绑定银行卡'),
  profile: () => '完善个人资料（真实姓名与生日）',
  first_deposit: () => '完成首次存款',
  first_bet: () => '完成首次投注',
};

/** Which tasks the member has done, each from its owner's index (auth, wallet). */
async function tasksDone(db: DbOrTx, owner: WalletOwner): Promise<Set<NoviceTask>> {
  const member = await getMember(db, owner.memberId);
  const payout = await payoutAccounts(db, owner.memberId);
  const done: Array<[NoviceTask, boolean]> = [
    ['bind_phone', Boolean(member?.phone)],
    ['bind_payout', payout.bankCards.length + payout.addresses.length > 0],
    ['profile', Boolean(member?.realName && member.birthday)],
    ['first_deposit', (await depositedTotal(db, owner)) > 0n],
    ['first_bet', (await stakedTotal(db, owner)) > 0n],
  ];
  return new Set(done.filter(([, yes]) => yes).map(([task]) => task));
}

const claimedTasks = async (db: DbOrTx, a: ActivityRow, memberId: number) =>
  new Set(
    (await rowsOf<{ ref: string }>(db, sql`SELECT ref FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${memberId}`)).map((r) =>
      r.ref.slice('task:'.length),
    ),
  );

export function noviceRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    `完成以下新手任务即可领取彩金：${c.tasks.map((t) => `${TITLES[t.task](currency)}${money(t.rewardMinor, currency)}`).join('，')}。`,
    '每项任务每位会员仅可领取一次。',
    `彩金领取后直接存入中心钱包，需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

export async function noviceConfig(db: DbOrTx, owner: WalletOwner, currency: string) {
  const a = await openActivity(db, owner.siteId, 'novice');
  const c = configOf(a);
  const done = await tasksDone(db, owner);
  const claimed = await claimedTasks(db, a, owner.memberId);
  return {
    ...head(a, noviceRules(a, currency)),
    tasks: c.tasks.map((t) => ({
      task: t.task,
      title: TITLES[t.task](currency),
      reward: fromMinor(t.rewardMinor),
      status: claimed.has(t.task) ? ('claimed' as const) : done.has(t.task) ? ('claimable' as const) : ('todo' as const),
    })),
    multiple: c.multipleX100 / 100,
  };
}

/** Claims a done task's reward into the main wallet, once: of concurrent claims one pays, the others are refused. */
export function claimTask(db: Db, owner: WalletOwner, key: IdempotencyKey, task: NoviceTask) {
  return once(db, owner.memberId, key, { task }, async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'novice', true);
    const c = configOf(a);
    const reward = c.tasks.find((t) => t.task === task);
    if (!reward) return fail('TASK_UNKNOWN');
    if (!(await tasksDone(tx, owner)).has(task)) return fail('TASK_NOT_DONE');
    const amountMinor = BigInt(reward.rewardMinor);
    const left = budgetLeft(a);
    if (left !== null && left < amountMinor) return fail('BUDGET_SPENT');
    const prize = { kind: 'money' as const, amountMinor, name: `新手任务：${TITLES[task](owner.currency)}` };
    const recordId = await writeRecord(tx, a, owner, { ref: `task:${task}`, prize, multipleX100: c.multipleX100, detail: { task } });
    if (recordId === null) return fail('TASK_CLAIMED');
    await spend(tx, a, amountMinor);
    const [{ bonus_id }] = await rowsOf<{ bonus_id: string }>(tx, sql`SELECT bonus_id FROM promo_records WHERE record_id = ${recordId}`);
    const paid = await payBonus(tx, owner, Number(bonus_id));
    return { amount: fromMinor(paid), main: fromMinor(await balanceOf(tx, await memberAccount(tx, owner))) };
  });
}
