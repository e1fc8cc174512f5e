import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS, fromMinor, shanghaiMidnight } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { memberBalances } from './ledger.ts';
import { big, epochMs, money, oneOf, rowsOf } from './sql.ts';

/** Shanghai is UTC+8 all year. */
const SHANGHAI_MS = 8 * 3_600_000;

/** The back office's figures from the ledger: a site's money by Shanghai day, a member's balances and latest transfers. */

/** Shanghai's day of a timestamp column (UTC+8, no daylight saving), as a date. */
const shanghaiDateOf = (column: SQL) => sql`((${column} AT TIME ZONE 'UTC') + interval '8 hours')::date`;

/** Kinds whose member side is the account money leaves (the others: the account it reaches). */
const FROM_MEMBER = sql`(t.kind LIKE 'bet.stake%' OR t.kind IN ('withdraw.payout', 'bet.payout.reversal'))`;

/** What the money of a bet was played at, from its ledger ref: the sportsbook, the house originals, a seamless provider. */
const VENUE_OF_REF = sql`CASE WHEN t.kind NOT LIKE 'bet.%' THEN ''
  WHEN t.ref LIKE 'bet:%' THEN 'sports' WHEN t.ref LIKE 'orig:%' THEN 'originals'
  WHEN t.ref LIKE 'provider:%' THEN 'provider:' || split_part(t.ref, ':', 2) ELSE 'other' END`;

export type ReportGroup = 'day' | 'site' | 'venue' | 'agent';

const FIGURES = ['bets', 'stakes', 'refunds', 'payouts', 'bonuses', 'rebates', 'deposits', 'withdrawals'] as const;

/**
 * The ledger's money at the reports' finest grain over [from, to): per Shanghai day, site, currency,
 * venue ('' for money not played) and agent (who brought the member; 0 for none). Deposits
 * credited, withdrawals paid, stakes and their count, refunds, winnings paid (payouts and
 * cash-outs, less reversals), bonuses and rebates (返水, 'bonus.rebate') apart. Play from the main
 * wallet comes from the ledger (the sportsbook, the house originals, seamless providers); games at
 * a venue's own books (the live tables, 棋牌, 捕鱼, the slot) from their rounds (venueBookPlay).
 * Without `agents`, every row's agent is 0 (a report not by agent skips the members' joins).
 */
async function finestGrain(db: DbOrTx, from: Date, to: Date, sites: (siteColumn: SQL) => SQL, agents = true): Promise<SQL> {
  const books = venueBooks ? await venueBooks(db, { from, to, sites, agents }) : null;
  return books ? sql`${ledgerGrain(from, to, sites(sql`a.site_id`), agents)} UNION ALL ${books}` : ledgerGrain(from, to, sites(sql`a.site_id`), agents);
}

/**
 * Play recorded at venues' own books over [from, to), as rows of the finest grain: day, site_id,
 * currency, venue, agent_id, then the FIGURES in their order; null when there is none.
 */
export type VenueBookPlay = (db: DbOrTx, q: { from: Date; to: Date; sites: (siteColumn: SQL) => SQL; agents: boolean }) => Promise<SQL | null>;
let venueBooks: VenueBookPlay | null = null;

/** The game records (casino) register their venue-book rounds here at import: the wallet never imports the games. */
export function countVenueBookPlay(source: VenueBookPlay): void {
  venueBooks = source;
}

const ledgerGrain = (from: Date, to: Date, sites: SQL, agents: boolean) => sql`
  SELECT ${shanghaiDateOf(sql`t.created_at`)} AS day, a.site_id, a.currency, ${VENUE_OF_REF} AS venue, ${agents ? sql`coalesce(ag.member_id, 0)` : sql`0::bigint`} AS agent_id,
    count(*) FILTER (WHERE t.kind LIKE 'bet.stake%') AS bets,
    coalesce(sum(t.amount_minor) FILTER (WHERE t.kind LIKE 'bet.stake%'), 0) AS stakes,
    coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bet.refund'), 0) AS refunds,
    coalesce(sum(t.amount_minor) FILTER (WHERE t.kind IN ('bet.payout', 'bet.payout.originals', 'bet.payout.game', 'bet.cashout')), 0)
      - coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bet.payout.reversal'), 0) AS payouts,
    coalesce(sum(t.amount_minor) FILTER (WHERE t.kind LIKE 'bonus.%' AND t.kind <> 'bonus.rebate'), 0) AS bonuses,
    coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bonus.rebate'), 0) AS rebates,
    coalesce(sum(t.amount_minor) FILTER (WHERE t.kind IN ('deposit.credit', 'deposit.manual')), 0) AS deposits,
    coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'withdraw.payout'), 0) AS withdrawals
  FROM wallet_transfers t
  JOIN wallet_accounts a ON a.account_id = CASE WHEN ${FROM_MEMBER} THEN t.from_account ELSE t.to_account END
  ${agents ? sql`JOIN members m ON m.member_id = a.member_id LEFT JOIN members ag ON ag.member_id = m.invited_by AND ag.is_agent` : sql``}
  WHERE t.created_at >= ${from} AND t.created_at < ${to} AND a.member_id IS NOT NULL ${sites}
    AND (t.kind LIKE 'bet.%' OR t.kind LIKE 'bonus.%' OR t.kind IN ('deposit.credit', 'deposit.manual', 'withdraw.payout'))
  GROUP BY 1, 2, 3, 4, 5`;

/** How each grouping keys a finest-grain row `f`; the agent's key carries the agent's name. */
const GROUPS: Record<ReportGroup, { key: SQL; joins: SQL }> = {
  day: { key: sql`to_char(f.day, 'YYYY-MM-DD')`, joins: sql`` },
  site: { key: sql`f.site_id::text`, joins: sql`` },
  venue: { key: sql`f.venue`, joins: sql`` },
  agent: { key: sql`coalesce(ag.member_id::text || ':' || ag.name, '')`, joins: sql`LEFT JOIN members ag ON ag.member_id = f.agent_id` },
};

/** A day is closed (its transfers final) once it ended this long ago: a transaction open across midnight has committed by then. */
const CLOSE_AFTER_MS = 10 * 60_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Rolls the closed days of [from, to) not yet rolled up into wallet_report_days, each in a
 * transaction that first claims the day (a concurrent report waits, then finds it done). Answers
 * where the open days begin (by the database's clock, which stamps the transfers).
 */
async function rollUpClosedDays(db: Db, from: number, to: number): Promise<number> {
  const now = epochMs((await oneOf<{ now: string }>(db, sql`SELECT now() AS now`))!.now);
  const openFrom = shanghaiMidnight(now - CLOSE_AFTER_MS);
  const until = Math.min(to, openFrom);
  if (until <= from) return openFrom;
  // Days as Shanghai midnights; their date is the UTC date of midnight + 8 h.
  const wanted = Array.from({ length: Math.round((until - from) / DAY_MS) }, (_, i) => from + i * DAY_MS);
  const done = new Set(
    (
      await rowsOf<{ day: string }>(
        db,
        sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM wallet_report_days_closed WHERE day >= ${dayOf(from + SHANGHAI_MS)}::date AND day < ${dayOf(until + SHANGHAI_MS)}::date`,
      )
    ).map((r) => r.day),
  );
  for (const start of wanted.filter((d) => !done.has(dayOf(d + SHANGHAI_MS)))) {
    await db.transaction(async (tx) => {
      const claimed = await rowsOf(
        tx,
        sql`INSERT INTO wallet_report_days_closed (day) VALUES (${dayOf(start + SHANGHAI_MS)}::date) ON CONFLICT DO NOTHING RETURNING day`,
      );
      if (claimed.length)
        await tx.execute(sql`INSERT INTO wallet_report_days ${await finestGrain(tx, new Date(start), new Date(start + DAY_MS), () => sql``)}`);
    });
  }
  return openFrom;
}

/** The wallet job's part: the last `days` closed days rolled up ahead of any report (a no-op once done). */
export async function rollUpRecentDays(db: Db, days = 7): Promise<void> {
  const to = shanghaiMidnight(clock.now()) + DAY_MS;
  await rollUpClosedDays(db, to - (days + 1) * DAY_MS, to);
}

export interface MoneyQuery {
  by: ReportGroup;
  /** The sites counted; null: every site. */
  siteIds: number[] | null;
  /** A Shanghai midnight. */
  from: Date;
  /** Exclusive, a Shanghai midnight. */
  to: Date;
}

/**
 * The back office's money figures grouped by Shanghai day, site, venue or agent, and by currency
 * (sites of different currencies are never summed together): closed days from their roll-up, the
 * open ones from the transfers, by the one query above.
 */
export async function moneyReport(db: Db, q: MoneyQuery): Promise<MoneyFigures[]> {
  const [from, to] = [q.from.getTime(), q.to.getTime()];
  const openFrom = Math.max(from, await rollUpClosedDays(db, from, to));
  const inSites = (column: SQL) =>
    q.siteIds
      ? sql`AND ${column} IN (${sql.join(
          [...q.siteIds, 0].map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const group = GROUPS[q.by];
  const closed = sql`
    SELECT day, site_id, currency, venue, agent_id, ${sql.raw(FIGURES.join(', '))} FROM wallet_report_days
    WHERE day >= ${dayOf(from + SHANGHAI_MS)}::date AND day < ${dayOf(Math.min(to, openFrom) + SHANGHAI_MS)}::date ${inSites(sql`site_id`)}`;
  // The open days' agents are looked up only when the report is by agent (two joins of every member).
  const open = openFrom < to ? sql`UNION ALL ${await finestGrain(db, new Date(openFrom), new Date(to), inSites, q.by === 'agent')}` : sql``;
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`
    SELECT ${group.key} AS key, f.currency, ${sql.raw(FIGURES.map((k) => `sum(f.${k}) AS ${k}`).join(', '))}
    FROM (${closed} ${open}) f ${group.joins}
    GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows.map((r) => ({
    key: r.key,
    currency: r.currency,
    ...(Object.fromEntries(FIGURES.map((k) => [k, big(r[k])])) as Record<(typeof FIGURES)[number], bigint>),
    bets: Number(r.bets),
  }));
}

/** One group's money, in minor units of its currency. */
export interface MoneyFigures {
  key: string;
  currency: string;
  bets: number;
  stakes: bigint;
  refunds: bigint;
  payouts: bigint;
  bonuses: bigint;
  rebates: bigint;
  deposits: bigint;
  withdrawals: bigint;
}

/** GGR: stakes less refunds and winnings paid. */
export const ggrOf = (f: MoneyFigures): bigint => f.stakes - f.refunds - f.payouts;

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
 * A site's money per Shanghai day from `from` (inclusive) to `to` (exclusive), for the dashboard:
 * moneyReport's figures with bonuses counting rebates; NGR is GGR less them.
 */
export async function dailyMoney(db: Db, siteId: number, from: Date, to: Date): Promise<Map<string, DayMoney>> {
  const rows = await moneyReport(db, { by: 'day', siteIds: [siteId], from, to });
  return new Map(
    rows.map((r) => {
      const ggr = ggrOf(r);
      const bonuses = r.bonuses + r.rebates;
      return [
        r.key,
        {
          deposits: fromMinor(r.deposits),
          withdrawals: fromMinor(r.withdrawals),
          bets: r.bets,
          stakes: fromMinor(r.stakes),
          payouts: fromMinor(r.payouts),
          bonuses: fromMinor(bonuses),
          ggr: fromMinor(ggr),
          ngr: fromMinor(ggr - bonuses),
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
