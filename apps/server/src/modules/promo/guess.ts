import { sql } from 'drizzle-orm';
import { fromMinor, type GUESS_PICKS } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { currentVenues, findMatches, listMatches } from '../sports/index.ts';
import { toNews } from '../news/index.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { budgetLeft, head, money, openActivity, spend, type ActivityRow, kindConfig } from './activities.ts';
import { NO_PRIZE, writeRecord } from './records.ts';

type Pick = (typeof GUESS_PICKS)[number];

const configOf = (a: ActivityRow) => kindConfig(a, 'guess');
/** How long before kickoff a match leaves the guess list. */
const GUESS_MARGIN_MS = 60_000;
export const PICK_WORDS: Record<Pick, string> = { home: '主胜', draw: '平局', visit: '客胜' };

export function guessRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    `免费竞猜即将开赛的足球赛事（${Object.values(PICK_WORDS).join('、')}），每场限猜一次，开赛后不可再猜。`,
    `猜中赛果即得${money(c.prizeMinor, currency)}彩金，以体育赛事的最终比分为准；赛事取消则竞猜作废。`,
    `彩金在本页记录或福利中心领取，需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

/** The outcome of a finished match. */
const outcomeOf = (m: { homeScore: number; visitScore: number }): Pick =>
  m.homeScore > m.visitScore ? 'home' : m.homeScore === m.visitScore ? 'draw' : 'visit';

/** The matches among `matchIds` the book is done with: each with its outcome, 'void' when cancelled (the guess and 足彩 are decided by these). */
export async function decidedMatches(db: DbOrTx, siteId: number, matchIds: number[]) {
  const matches = await findMatches(db, matchIds, await currentVenues(db, siteId));
  return new Map(
    matches.flatMap((m) =>
      m.status === 'finished' || m.status === 'cancelled'
        ? [[m.matchId, { match: m, outcome: m.status === 'cancelled' ? ('void' as const) : outcomeOf(m) }] as const]
        : [],
    ),
  );
}

interface GuessRow {
  guess_id: string;
  match_id: string;
  pick: Pick;
  status: 'open' | 'won' | 'lost' | 'void';
}

/** Decides the member's open guesses whose match the book finished or cancelled, each once. */
export async function decideGuesses(db: Db, owner: WalletOwner, a: ActivityRow): Promise<void> {
  const open = await rowsOf<GuessRow>(
    db,
    sql`SELECT * FROM promo_guesses WHERE member_id = ${owner.memberId} AND activity_id = ${a.activity_id} AND status = 'open'`,
  );
  if (open.length === 0) return;
  const decided = await decidedMatches(
    db,
    owner.siteId,
    open.map((g) => Number(g.match_id)),
  );
  for (const { match: m, outcome } of decided.values()) {
    const g = open.find((x) => Number(x.match_id) === m.matchId)!;
    const status = outcome === 'void' ? 'void' : outcome === g.pick ? 'won' : 'lost';
    await db.transaction(async (tx) => {
      const moved = await oneOf(tx, sql`UPDATE promo_guesses SET status = ${status} WHERE guess_id = ${g.guess_id} AND status = 'open' RETURNING guess_id`);
      if (moved && status === 'won') await payWin(tx, owner, a.activity_id, m.matchId, `${m.homeName} ${m.homeScore}-${m.visitScore} ${m.visitName}`);
    });
  }
}

/** A right pick's prize, within the budget (the activity locked while it is counted). */
async function payWin(tx: DbOrTx, owner: WalletOwner, activityId: number, matchId: number, score: string): Promise<void> {
  const a = await oneOf<ActivityRow>(tx, sql`SELECT * FROM promo_activities WHERE activity_id = ${activityId} FOR UPDATE`);
  if (!a) return;
  const c = configOf(a);
  const left = budgetLeft(a);
  const amountMinor = BigInt(c.prizeMinor);
  const prize = left === null || left >= amountMinor ? { kind: 'money' as const, amountMinor, name: `竞猜猜中：${score}` } : NO_PRIZE;
  const recordId = await writeRecord(tx, a, owner, { ref: `guess:${matchId}`, prize, multipleX100: c.multipleX100, detail: { matchId } });
  if (recordId !== null) await spend(tx, a, prize.amountMinor);
}

export async function guessConfig(db: Db, owner: WalletOwner, currency: string) {
  const a = await openActivity(db, owner.siteId, 'guess');
  const c = configOf(a);
  await decideGuesses(db, owner, a);
  const venues = await currentVenues(db, owner.siteId);
  const board = await listMatches(db, { sport: 'football', live: false }, { page: 1, size: c.matches + 20, order: 'start' }, { currency, venues });
  // A match due to start within the minute is not offered: the pick would arrive after kickoff.
  const coming = board.list.filter((m) => m.startAt > clock.now() + GUESS_MARGIN_MS).slice(0, c.matches);
  const mine = await rowsOf<GuessRow>(
    db,
    sql`SELECT * FROM promo_guesses WHERE member_id = ${owner.memberId} AND activity_id = ${a.activity_id} ORDER BY guess_id DESC LIMIT 20`,
  );
  const pickOf = new Map(mine.map((g) => [Number(g.match_id), g.pick]));
  const guessed = new Map((await findMatches(db, [...pickOf.keys()], venues)).map((m) => [m.matchId, toNews(m)]));
  return {
    ...head(a, guessRules(a, currency)),
    prize: fromMinor(c.prizeMinor),
    multiple: c.multipleX100 / 100,
    matches: coming.map((m) => ({ match: toNews(m), pick: pickOf.get(m.matchId) ?? null })),
    guesses: mine.flatMap((g) => {
      const match = guessed.get(Number(g.match_id));
      return match ? [{ match, pick: g.pick, status: g.status }] : [];
    }),
  };
}

/** One pick of a coming football match, once per member and match, before kickoff. */
export async function makeGuess(db: Db, owner: WalletOwner, key: IdempotencyKey, body: { matchId: number; pick: Pick }) {
  // Read before the transaction: the venues come from the pool, not from the transaction's connection.
  const venues = await currentVenues(db, owner.siteId);
  return once(db, owner.memberId, key, body, async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'guess');
    const [m] = await findMatches(tx, [body.matchId], venues);
    if (!m || m.sport !== 'football' || m.status !== 'scheduled' || m.startAt <= clock.now()) return fail('GUESS_CLOSED');
    const made = await oneOf(
      tx,
      sql`
      INSERT INTO promo_guesses (activity_id, member_id, match_id, pick, created_at)
      VALUES (${a.activity_id}, ${owner.memberId}, ${body.matchId}, ${body.pick}, ${new Date(clock.now())})
      ON CONFLICT DO NOTHING RETURNING guess_id`,
    );
    if (!made) return fail('GUESS_MADE');
    return { matchId: body.matchId, pick: body.pick };
  });
}
