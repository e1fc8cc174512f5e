import { sql } from 'drizzle-orm';
import { fromMinor } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { memberBalances } from './ledger.ts';
import { big, epochMs, money, rowsOf } from './sql.ts';

/** The back office's figures from the ledger: a site's money by Shanghai day, a member's balances and latest transfers. */

/** Shanghai's day of a timestamp column (UTC+8, no daylight saving). */
const shanghaiDayOf = (column: ReturnType<typeof sql>) => sql`to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** Kinds whose member side is the account money leaves (the others: the account it reaches). */
const FROM_MEMBER = sql`(t.kind LIKE 'bet.stake%' OR t.kind IN ('withdraw.payout', 'bet.payout.reversal'))`;

export interface DayMoney {
  deposits: number;
  withdrawals: number;
  bets: number;
  stakes: number;
  payouts: number;
  bonuses: number;
  ggr: number;
  ngr: number;
}

/**
 * A site's money per Shanghai day from `from` (inclusive) to `to` (exclusive): deposits credited,
 * withdrawals paid, stakes and their count, winnings paid (payouts and cash-outs, less reversals),
 * bonuses; GGR is stakes less refunds and winnings, NGR is GGR less bonuses. Play from the main
 * wallet counts (the sportsbook, the house originals, seamless providers); games at a venue's own
 * books (the live tables, 棋牌, 捕鱼, the slot) are not in these figures yet.
 */
export async function dailyMoney(db: Db, siteId: number, from: Date, to: Date): Promise<Map<string, DayMoney>> {
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`
    SELECT ${shanghaiDayOf(sql`t.created_at`)} AS day,
      coalesce(sum(t.amount_minor) FILTER (WHERE t.kind IN ('deposit.credit', 'deposit.manual')), 0) AS deposits,
      coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'withdraw.payout'), 0) AS withdrawals,
      count(*) FILTER (WHERE t.kind LIKE 'bet.stake%') AS bets,
      coalesce(sum(t.amount_minor) FILTER (WHERE t.kind LIKE 'bet.stake%'), 0) AS stakes,
      coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bet.refund'), 0) AS refunds,
      coalesce(sum(t.amount_minor) FILTER (WHERE t.kind IN ('bet.payout', 'bet.payout.originals', 'bet.payout.game', 'bet.cashout')), 0)
        - coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bet.payout.reversal'), 0) AS payouts,
      coalesce(sum(t.amount_minor) FILTER (WHERE t.kind LIKE 'bonus.%'), 0) AS bonuses
    FROM wallet_transfers t
    JOIN wallet_accounts a ON a.account_id = CASE WHEN ${FROM_MEMBER} THEN t.from_account ELSE t.to_account END
    WHERE t.created_at >= ${from} AND t.created_at < ${to} AND a.site_id = ${siteId} AND a.member_id IS NOT NULL
      AND (t.kind LIKE 'bet.%' OR t.kind LIKE 'bonus.%' OR t.kind IN ('deposit.credit', 'deposit.manual', 'withdraw.payout'))
    GROUP BY 1`,
  );
  return new Map(
    rows.map((r) => {
      const ggr = big(r.stakes) - big(r.refunds) - big(r.payouts);
      return [
        r.day,
        {
          deposits: money(r.deposits),
          withdrawals: money(r.withdrawals),
          bets: Number(r.bets),
          stakes: money(r.stakes),
          payouts: money(r.payouts),
          bonuses: money(r.bonuses),
          ggr: fromMinor(ggr),
          ngr: fromMinor(ggr - big(r.bonuses)),
        },
      ];
    }),
  );
}

/** A member's balances and latest transfers (signed: credits positive), for the member page. */
export async function memberMoney(db: Db, memberId: number, limit = 30) {
  const balances = await memberBalances(db, memberId);
  const venues = Object.values(balances.venues).reduce((sum, v) => sum + v, 0n);
  const ledger = await rowsOf<{ kind: string; amount_minor: string; credit: boolean; memo: string | null; created_at: string }>(
    db,
    sql`
    SELECT t.kind, t.amount_minor, t.memo, t.created_at,
      -- Signed as the main wallet sees it; a move between two other wallets of the member, as the one it reaches.
      CASE WHEN ta.member_id = ${memberId} AND ta.kind = 'main' THEN true
           WHEN fa.member_id = ${memberId} AND fa.kind = 'main' THEN false
           ELSE ta.member_id IS NOT DISTINCT FROM ${memberId} END AS credit
    FROM wallet_transfers t
    JOIN wallet_accounts fa ON fa.account_id = t.from_account
    JOIN wallet_accounts ta ON ta.account_id = t.to_account
    WHERE t.transfer_id IN (
        SELECT transfer_id FROM wallet_transfers WHERE from_account IN (SELECT account_id FROM wallet_accounts WHERE member_id = ${memberId})
        UNION SELECT transfer_id FROM wallet_transfers WHERE to_account IN (SELECT account_id FROM wallet_accounts WHERE member_id = ${memberId}))
    ORDER BY t.transfer_id DESC LIMIT ${limit}`,
  );
  return {
    balances: {
      main: fromMinor(balances.main),
      yeb: fromMinor(balances.yeb),
      bonus: fromMinor(balances.bonus),
      hold: fromMinor(balances.hold),
      venues: fromMinor(venues),
    },
    ledger: ledger.map((l) => ({ kind: l.kind, amount: l.credit ? money(l.amount_minor) : -money(l.amount_minor), memo: l.memo, at: epochMs(l.created_at) })),
  };
}

/** A posting of the ledger by what moved it: its kind and the business record's ref. */
export interface LedgerRef {
  kind: string;
  ref: string;
}

/** The postings of these (kind, ref) pairs, in order; each account named by its kind (house ones by name too). */
export async function transfersOf(db: DbOrTx, refs: LedgerRef[]) {
  if (!refs.length) return [];
  const rows = await rowsOf<{
    transfer_id: unknown;
    kind: string;
    ref: string;
    amount_minor: string;
    created_at: string;
    fk: string;
    fn: string;
    tk: string;
    tn: string;
  }>(
    db,
    sql`
    SELECT t.transfer_id, t.kind, t.ref, t.amount_minor, t.created_at, fa.kind AS fk, fa.name AS fn, ta.kind AS tk, ta.name AS tn
    FROM wallet_transfers t
    JOIN wallet_accounts fa ON fa.account_id = t.from_account
    JOIN wallet_accounts ta ON ta.account_id = t.to_account
    WHERE (t.kind, t.ref) IN (${sql.join(
      refs.map((r) => sql`(${r.kind}, ${r.ref})`),
      sql`, `,
    )})
    ORDER BY t.transfer_id`,
  );
  const account = (kind: string, name: string) => (name ? `${kind}:${name}` : kind);
  return rows.map((t) => ({
    transferId: Number(t.transfer_id),
    kind: t.kind,
    ref: t.ref,
    from: account(t.fk, t.fn),
    to: account(t.tk, t.tn),
    amount: money(t.amount_minor),
    at: epochMs(t.created_at),
  }));
}
