import { sql } from 'drizzle-orm';
import { fromMinor, type ActivityConfigOf, type GUESS_PICKS, type NewsMatch } from '@bp/contract';
import { arrayParam, oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { currentVenues, findMatches, listMatches, type Match } from '../sports/index.ts';
import { toNews } from '../news/index.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { budgetLeft, head, money, openActivity, spend, kindConfig, type ActivityRow } from './activities.ts';
import { decidedMatches, PICK_WORDS } from './guess.ts';
import { NO_PRIZE, writeRecord } from './records.ts';

/**
 * 足彩 (soccer lottery): a round is a set of coming football matches of our book (the operator's,
 * or the next ones the site opens itself when no round takes picks); a member makes one free ticket
 * a round, a 1/X/2 pick per match, before the first kickoff. Once the book is done with every match
 * the ticket is settled once (its status moves from open in the same transaction as its record is
 * written), decided like the guess (guess.ts decidedMatches): a cancelled match counts right for
 * everyone; the number of right picks pays its tier's prize, a record with a bonus of the bonus engine.
 */
export type SoccerLotteryConfig = ActivityConfigOf<'soccer_lottery'>;
type Pick = (typeof GUESS_PICKS)[number];

const configOf = (a: ActivityRow) => kindConfig(a, 'soccer_lottery');
/** A round the site opens itself takes matches kicking off at least this far ahead, so members have time to pick. */
const ROUND_LEAD_MS = 10 * 60_000;
/** How many of the member's tickets the page shows. */
const TICKETS_SHOWN = 10;

interface RoundRow {
  round_id: string;
  match_ids: Array<string | number>;
  closes_at: Date | string;
}
interface TicketRow {
  ticket_id: string;
  round_id: string;
  match_ids: Array<string | number>;
  picks: Pick[];
  status: 'open' | 'settled';
  correct: number | null;
  prize_minor: string;
  created_at: Date | string;
}

const idsOf = (r: { match_ids: Array<string | number> }) => r.match_ids.map(Number);

export function soccerLotteryRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  const tiers = [...c.tiers].sort((x, y) => y.correct - x.correct);
  return [
    `每期为若干场即将开赛的足球赛事，免费参与，每位会员每期限投一注：每场选择${Object.values(PICK_WORDS).join('、')}之一，首场比赛开赛即截止。`,
    `全部比赛结束后按最终比分开奖：${tiers.map((t) => `猜中${t.correct}场得 ${money(t.prizeMinor, currency)}`).join('，')}。`,
    '比赛取消（作废）的场次，所有会员均算猜中。',
    `奖金在本页记录或福利中心领取，需完成${c.multipleX100 / 100}倍有效流水方可提款；活动总预算有限，发完即止。`,
  ];
}

/** Checks the matches are coming football matches of the book, once each; the round closes at the first kickoff. */
function closingOf(matchIds: number[], matches: Match[]): number {
  const coming = matches.filter((m) => m.sport === 'football' && m.status === 'scheduled' && m.startAt > clock.now());
  if (matchIds.length === 0 || new Set(matchIds).size !== matchIds.length || coming.length !== matchIds.length) return fail('SOCCER_MATCHES_BAD');
  return Math.min(...coming.map((m) => m.startAt));
}

async function insertRound(tx: DbOrTx, a: ActivityRow, matchIds: number[], closesAt: number) {
  const row = await oneOf<{ round_id: string }>(
    tx,
    sql`INSERT INTO promo_soccer_rounds (activity_id, match_ids, closes_at, created_at)
        VALUES (${a.activity_id}, ${arrayParam(matchIds, 'bigint[]')}, ${new Date(closesAt)}, ${new Date(clock.now())}) RETURNING round_id`,
  );
  return Number(row!.round_id);
}

/** The operator's round of the site's 足彩: the matches picked, in that order. */
export async function openSoccerRound(db: Db, siteId: number, matchIds: number[]) {
  const venues = await currentVenues(db, siteId);
  return db.transaction(async (tx) => {
    const a = await openActivity(tx, siteId, 'soccer_lottery', true);
    const closesAt = closingOf(matchIds, await findMatches(tx, matchIds, venues));
    return { roundId: await insertRound(tx, a, matchIds, closesAt), closesAt };
  });
}

const latestOpenRound = (db: DbOrTx, a: ActivityRow) =>
  oneOf<RoundRow>(
    db,
    sql`SELECT * FROM promo_soccer_rounds WHERE activity_id = ${a.activity_id} AND closes_at > ${new Date(clock.now())} ORDER BY round_id DESC LIMIT 1`,
  );

/** The round taking picks now: the latest open one, else one the site opens of the next coming matches (none when the book has none). */
async function roundTakingPicks(db: Db, a: ActivityRow, currency: string): Promise<RoundRow | null> {
  const open = await latestOpenRound(db, a);
  if (open) return open;
  const c = configOf(a);
  const venues = await currentVenues(db, a.site_id);
  const board = await listMatches(db, { sport: 'football', live: false }, { page: 1, size: c.matches + 20, order: 'start' }, { currency, venues });
  const coming = board.list.filter((m) => m.startAt > clock.now() + ROUND_LEAD_MS).slice(0, c.matches);
  if (coming.length < c.matches) return null;
  return db.transaction(async (tx) => {
    const locked = await openActivity(tx, a.site_id, 'soccer_lottery', true);
    // Another member's call may have opened it meanwhile.
    const opened = await latestOpenRound(tx, locked);
    if (opened) return opened;
    const ids = coming.map((m) => m.matchId);
    await insertRound(tx, locked, ids, Math.min(...coming.map((m) => m.startAt)));
    return latestOpenRound(tx, locked);
  });
}

/** The prize of so many right picks (0: none). */
const prizeFor = (c: SoccerLotteryConfig, correct: number) => BigInt(c.tiers.find((t) => t.correct === correct)?.prizeMinor ?? 0);

/** Settles the member's open tickets whose matches are all over, each once. */
export async function settleTickets(db: Db, owner: WalletOwner, a: ActivityRow): Promise<void> {
  const open = await rowsOf<TicketRow>(
    db,
    sql`SELECT t.*, r.match_ids FROM promo_soccer_tickets t JOIN promo_soccer_rounds r USING (round_id)
        WHERE t.member_id = ${owner.memberId} AND t.activity_id = ${a.activity_id} AND t.status = 'open'`,
  );
  if (open.length === 0) return;
  const decided = await decidedMatches(db, owner.siteId, [...new Set(open.flatMap(idsOf))]);
  for (const t of open) {
    const ids = idsOf(t);
    if (!ids.every((id) => decided.has(id))) continue;
    const correct = ids.filter((id, i) => ['void', t.picks[i]].includes(decided.get(id)!.outcome)).length;
    await db.transaction(async (tx) => {
      const moved = await oneOf(
        tx,
        sql`UPDATE promo_soccer_tickets SET status = 'settled', correct = ${correct} WHERE ticket_id = ${t.ticket_id} AND status = 'open' RETURNING ticket_id`,
      );
      if (moved) await payTier(tx, owner, a.activity_id, t, correct);
    });
  }
}

/** A settled ticket's prize, within the budget (the activity locked while it is counted). */
async function payTier(tx: DbOrTx, owner: WalletOwner, activityId: number, t: TicketRow, correct: number): Promise<void> {
  const a = await oneOf<ActivityRow>(tx, sql`SELECT * FROM promo_activities WHERE activity_id = ${activityId} FOR UPDATE`);
  const c = a && configOf(a);
  const earned = c ? prizeFor(c, correct) : 0n;
  if (!a || !c || earned === 0n) return;
  const left = budgetLeft(a);
  const prize = left === null || left >= earned ? { kind: 'money' as const, amountMinor: earned, name: `足彩第${t.round_id}期猜中${correct}场` } : NO_PRIZE;
  const detail = { roundId: Number(t.round_id), correct };
  const recordId = await writeRecord(tx, a, owner, { ref: `round:${t.round_id}`, prize, multipleX100: c.multipleX100, detail });
  if (recordId === null) return;
  await spend(tx, a, prize.amountMinor);
  await tx.execute(sql`UPDATE promo_soccer_tickets SET prize_minor = ${prize.amountMinor} WHERE ticket_id = ${t.ticket_id}`);
}

/** A ticket as the member sees it: each pick beside its match, right or wrong once the match is over. */
function ticketView(t: TicketRow, matchOf: Map<number, NewsMatch>, decided: Awaited<ReturnType<typeof decidedMatches>>) {
  return {
    roundId: Number(t.round_id),
    picks: idsOf(t).flatMap((id, i) => {
      const match = matchOf.get(id);
      const outcome = decided.get(id)?.outcome;
      return match ? [{ match, pick: t.picks[i], right: outcome === undefined ? null : outcome === 'void' || outcome === t.picks[i] }] : [];
    }),
    status: t.status,
    correct: t.correct,
    prize: fromMinor(t.prize_minor),
    createdAt: new Date(t.created_at).getTime(),
  };
}

/** The member's latest tickets, as seen. */
async function ticketsOf(db: DbOrTx, owner: WalletOwner, a: ActivityRow) {
  const rows = await rowsOf<TicketRow>(
    db,
    sql`SELECT t.*, r.match_ids FROM promo_soccer_tickets t JOIN promo_soccer_rounds r USING (round_id)
        WHERE t.member_id = ${owner.memberId} AND t.activity_id = ${a.activity_id}
        ORDER BY t.ticket_id DESC LIMIT ${TICKETS_SHOWN}`,
  );
  const ids = [...new Set(rows.flatMap(idsOf))];
  const matchOf = new Map((await findMatches(db, ids, await currentVenues(db, owner.siteId))).map((m) => [m.matchId, toNews(m)]));
  const decided = await decidedMatches(db, owner.siteId, ids);
  return rows.map((t) => ticketView(t, matchOf, decided));
}

export async function soccerLotteryConfig(db: Db, owner: WalletOwner, currency: string) {
  const a = await openActivity(db, owner.siteId, 'soccer_lottery');
  const c = configOf(a);
  await settleTickets(db, owner, a);
  const round = await roundTakingPicks(db, a, currency);
  const tickets = await ticketsOf(db, owner, a);
  const roundMatches = round ? await findMatches(db, idsOf(round), await currentVenues(db, owner.siteId)) : [];
  const byId = new Map(roundMatches.map((m) => [m.matchId, toNews(m)]));
  return {
    ...head(a, soccerLotteryRules(a, currency)),
    multiple: c.multipleX100 / 100,
    tiers: [...c.tiers].sort((x, y) => y.correct - x.correct).map((t) => ({ correct: t.correct, prize: fromMinor(t.prizeMinor) })),
    round: round
      ? {
          roundId: Number(round.round_id),
          closesAt: new Date(round.closes_at).getTime(),
          matches: idsOf(round).flatMap((id) => byId.get(id) ?? []),
          ticket: tickets.find((t) => t.roundId === Number(round.round_id)) ?? null,
        }
      : null,
    tickets,
  };
}

/** The member's ticket of a round: a pick for each of its matches, once, before the first kickoff. */
export async function makeTicket(db: Db, owner: WalletOwner, key: IdempotencyKey, body: { roundId: number; picks: Array<{ matchId: number; pick: Pick }> }) {
  // Read before the transaction: the venues come from the pool, not from the transaction's connection.
  const venues = await currentVenues(db, owner.siteId);
  return once(db, owner.memberId, key, body, async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'soccer_lottery');
    const round = await oneOf<RoundRow>(tx, sql`SELECT * FROM promo_soccer_rounds WHERE round_id = ${body.roundId} AND activity_id = ${a.activity_id}`);
    if (!round) return fail('SOCCER_ROUND_NOT_FOUND');
    const ids = idsOf(round);
    const matches = await findMatches(tx, ids, venues);
    if (new Date(round.closes_at).getTime() <= clock.now() || matches.some((m) => m.status !== 'scheduled' || m.startAt <= clock.now()))
      return fail('SOCCER_ROUND_CLOSED');
    const pickOf = new Map(body.picks.map((p) => [p.matchId, p.pick]));
    if (body.picks.length !== ids.length || pickOf.size !== ids.length || !ids.every((id) => pickOf.has(id))) return fail('SOCCER_PICKS_BAD');
    const picks = ids.map((id) => pickOf.get(id)!);
    const made = await oneOf<TicketRow>(
      tx,
      sql`
      INSERT INTO promo_soccer_tickets (round_id, activity_id, member_id, picks, created_at)
      VALUES (${body.roundId}, ${a.activity_id}, ${owner.memberId}, ${arrayParam(picks, 'text[]')}, ${new Date(clock.now())})
      ON CONFLICT DO NOTHING RETURNING *`,
    );
    if (!made) return fail('SOCCER_TICKET_MADE');
    // Every match is still to come: nothing decided yet.
    return ticketView({ ...made, match_ids: ids, picks }, new Map(matches.map((m) => [m.matchId, toNews(m)])), new Map());
  });
}
