import { sql } from 'drizzle-orm';
import type { DealType } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { epochMs, money, oneOf, rowsOf } from './sql.ts';

/** zh-CN names of what moved the money: a known kind, else its category. */
const KIND_NAMES: Record<string, string> = {
  'deposit.credit': '存款到账',
  'deposit.manual': '人工存入',
  'withdraw.hold': '提款申请',
  'withdraw.release': '提款退回',
  'transfer.reserve': '额度转换',
  'transfer.commit': '额度转换',
  'transfer.release': '转账退回',
  'yeb.in': '转入利息宝',
  'yeb.out': '转出利息宝',
  'yeb.interest': '利息收益',
  'bet.stake': '体育投注',
  'bet.payout': '体育派彩',
  'bet.refund': '注单退款',
  'bet.payout.reversal': '派彩冲正',
  'bet.cashout': '提前结算',
  'gold.buy': '购买金币',
  'bet.stake.originals': '原创游戏投注',
  'bet.payout.originals': '原创游戏派彩',
  'adjust.credit': '人工加款',
  'adjust.debit': '人工扣款',
};
const CATEGORY_NAMES: Record<string, string> = {
  deposit: '存款',
  withdraw: '提款',
  transfer: '转账',
  bet: '投注',
  yeb: '利息宝',
  bonus: '红利',
  adjust: '调整',
  gold: '金币',
};

/**
 * What the member reads under a movement, in place of our references (`bet:SB…`, `yeb-in:1`): the
 * order it belongs to, or where the money went. Sports bets' refs are `bet:<orderId>[:<n>]`.
 */
function detailOf(kind: string, ref: string, memo: string | null): string {
  const [category] = kind.split('.');
  if (category === 'bet') return `注单号 ${ref.split(':')[1]}`;
  if (kind === 'yeb.in') return '中心钱包 → 利息宝';
  if (kind === 'yeb.out') return '利息宝 → 中心钱包';
  if (kind === 'yeb.interest') return `利息计至 ${ref.split(':')[2]}`;
  // A deposit through a channel and a withdrawal keep their order's number as the memo.
  if ((kind === 'deposit.credit' || category === 'withdraw') && memo) return `订单号 ${memo}`;
  // Transfer memos written before the wallet was called 中心钱包 everywhere said 主钱包.
  return (memo ?? '').replaceAll('主钱包', '中心钱包');
}

interface DealRow {
  transfer_id: number;
  kind: string;
  ref: string;
  memo: string | null;
  wallet: 'main' | 'yeb';
  signed: string;
  balance_after: string;
  created_at: string;
}

export interface DealQuery {
  page: number;
  size: number;
  type?: DealType;
  startTime?: number;
  endTime?: number;
}

/**
 * queryDealRecord: every movement of the member's main and interest wallets, newest first. The
 * type is the kind's category ('bet.stake' is 'bet'); amounts are signed, credits positive.
 */
export async function dealRecords(db: Db, memberId: number, q: DealQuery) {
  const filters = sql.join(
    [
      sql`a.member_id = ${memberId} AND a.kind IN ('main', 'yeb')`,
      q.type ? sql`split_part(t.kind, '.', 1) = ${q.type}` : null,
      q.startTime !== undefined ? sql`t.created_at >= ${new Date(q.startTime)}` : null,
      q.endTime !== undefined ? sql`t.created_at <= ${new Date(q.endTime)}` : null,
    ].filter((f) => f !== null),
    sql` AND `,
  );
  const moves = sql`
    SELECT t.transfer_id, t.kind, t.ref, t.memo, t.created_at, a.kind AS wallet, t.amount_minor AS signed, t.to_balance_after AS balance_after
    FROM wallet_accounts a JOIN wallet_transfers t ON t.to_account = a.account_id WHERE ${filters}
    UNION ALL
    SELECT t.transfer_id, t.kind, t.ref, t.memo, t.created_at, a.kind, -t.amount_minor, t.from_balance_after
    FROM wallet_accounts a JOIN wallet_transfers t ON t.from_account = a.account_id WHERE ${filters}`;
  const count = await oneOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM (${moves}) m`);
  const rows = await rowsOf<DealRow>(
    db,
    sql`
    SELECT * FROM (${moves}) m ORDER BY transfer_id DESC, wallet LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
  );
  const list = rows.map((r) => {
    const type = r.kind.split('.')[0];
    return {
      id: Number(r.transfer_id),
      type,
      typeName: KIND_NAMES[r.kind] ?? CATEGORY_NAMES[type] ?? r.kind,
      detail: detailOf(r.kind, r.ref, r.memo),
      kind: r.kind,
      wallet: r.wallet,
      amount: money(r.signed),
      balanceAfter: money(r.balance_after),
      ref: r.ref,
      memo: r.memo,
      createdAt: epochMs(r.created_at),
    };
  });
  return { list, total: Number(count?.n ?? 0) };
}
