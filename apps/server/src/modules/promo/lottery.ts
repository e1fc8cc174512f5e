import { sql } from 'drizzle-orm';
import { fromMinor, shanghaiDay } from '@bp/contract';
import { oneOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { depositedTotal, type WalletOwner } from '../wallet/index.ts';
import { validTurnoverSince } from '../vip/index.ts';
import { head, money, openActivity, type ActivityRow, kindConfig } from './activities.ts';
import { drawPrize, prizeList } from './draw.ts';

const configOf = (a: ActivityRow) => kindConfig(a, 'lottery');

export function lotteryRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    `活动期间每存款${money(c.depositPerTicketMinor, currency)}、每有效投注${money(c.turnoverPerTicketMinor, currency)}各得1张抽奖券，最多${c.maxTickets}张。`,
    '每张抽奖券抽奖一次，奖品按权重抽取，每次抽奖的随机数与奖池均有记录可查；奖品数量与活动总预算有限，送完即止。',
    `彩金在记录或福利中心领取，需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

/** The member's tickets: earned by deposits and turnover since the activity opened, used by its records. */
async function ticketsOf(db: DbOrTx, a: ActivityRow, owner: WalletOwner) {
  const c = configOf(a);
  const since = new Date(a.start_at);
  const deposited = await depositedTotal(db, owner, since);
  const turnover = await validTurnoverSince(db, owner.memberId, shanghaiDay(since.getTime()));
  const earned = Math.min(c.maxTickets, Number(deposited / BigInt(c.depositPerTicketMinor)) + Number(turnover / BigInt(c.turnoverPerTicketMinor)));
  const used = await oneOf<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${owner.memberId}`,
  );
  const n = Number(used?.n ?? 0);
  return { earned, used: n, left: Math.max(0, earned - n) };
}

export async function lotteryConfig(db: DbOrTx, owner: WalletOwner, currency: string) {
  const a = await openActivity(db, owner.siteId, 'lottery');
  const c = configOf(a);
  return {
    ...head(a, lotteryRules(a, currency)),
    prizes: await prizeList(db, a),
    tickets: await ticketsOf(db, a, owner),
    depositPerTicket: fromMinor(c.depositPerTicketMinor),
    turnoverPerTicket: fromMinor(c.turnoverPerTicketMinor),
  };
}

/** Draws the member's next ticket, once per key; refused without tickets left. */
export function drawTicket(db: Db, owner: WalletOwner, key: IdempotencyKey) {
  return once(db, owner.memberId, key, {}, async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'lottery', true);
    const tickets = await ticketsOf(tx, a, owner);
    if (tickets.left <= 0) return fail('NO_TICKETS_LEFT');
    return drawPrize(tx, a, owner, { ref: `ticket:${tickets.used + 1}`, multipleX100: configOf(a).multipleX100 });
  });
}
