import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { pruneRounds } from '../casino/index.ts';

/**
 * The originals' and 抢庄牛牛's own rows go with the game records (issue 16): the casino's hourly
 * job prunes settled boards and hands, and revealed seed pairs no board refers to, past
 * GAME_RECORD_RETENTION_DAYS; never an open round, the active pair, nor what a round still in the
 * window needs (the records screen shows its revealed seed).
 */
let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const call = async (url: string, body: object, token: string) => {
  const res = await s.call(url, body, { token, key: newKey() });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const dice = (token: string) => call('/api/originals/dice/play', { amount: 1, target: 50, condition: 'under' }, token);
/** A mines round started, one tile turned (a mine ends it, else it is cashed out): settled either way. */
async function settledBoard(token: string): Promise<string> {
  const { roundId } = await call('/api/originals/mines/start', { amount: 1, mines: 1 }, token);
  const turned = await call('/api/originals/mines/reveal', { roundId, tile: 0 }, token);
  if (turned.status === 'open') await call('/api/originals/mines/cashout', { roundId }, token);
  return roundId;
}
const ago = (days: number) => sql`now() - make_interval(days => ${days})`;
/** Dates a pair's rounds (records and boards) and the pair itself `days` back, as if played then. */
async function playedAgo(seedId: number, days: number) {
  await s.deps.db.execute(sql`
    UPDATE game_rounds SET created_at = ${ago(days)}, settled_at = ${ago(days)} WHERE api_name = 'ORIG' AND detail->>'seedId' = ${String(seedId)}`);
  await s.deps.db.execute(sql`UPDATE originals_mines SET created_at = ${ago(days)}, settled_at = ${ago(days)} WHERE seed_id = ${seedId}`);
  await s.deps.db.execute(sql`UPDATE originals_seeds SET created_at = ${ago(days + 1)}, revealed_at = ${ago(days)} WHERE seed_id = ${seedId}`);
}
const seedIds = async (memberId: number) =>
  (await rowsOf<{ seed_id: unknown }>(s.deps.db, sql`SELECT seed_id FROM originals_seeds WHERE member_id = ${memberId} ORDER BY seed_id`)).map((r) =>
    Number(r.seed_id),
  );
const boards = async (memberId: number) =>
  (await rowsOf<{ round_id: string }>(s.deps.db, sql`SELECT round_id FROM originals_mines WHERE member_id = ${memberId} ORDER BY round_id`)).map(
    (r) => r.round_id,
  );

describe('the originals and 抢庄牛牛 pruned with their game records', () => {
  it('[issue 16] prunes settled boards, hands and revealed pairs past the window; keeps open rounds, the active pair and what rounds in the window need', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    // Pair 1: a dice round and a board, then revealed; pair 2: the same, revealed; pair 3 active, a board open.
    await dice(m.token);
    const oldBoard = await settledBoard(m.token);
    await call('/api/originals/seed/rotate', {}, m.token);
    await dice(m.token);
    const recentBoard = await settledBoard(m.token);
    await call('/api/originals/seed/rotate', {}, m.token);
    const open = (await call('/api/originals/mines/start', { amount: 1, mines: 3 }, m.token)).roundId as string;
    const [old, recent, active] = await seedIds(m.memberId);
    await playedAgo(old, 91);
    await playedAgo(recent, 89);
    await s.deps.db.execute(sql`UPDATE originals_mines SET created_at = ${ago(400)} WHERE round_id = ${open}`);
    await s.deps.db.execute(sql`UPDATE originals_seeds SET created_at = ${ago(400)} WHERE seed_id = ${active}`);

    // 抢庄牛牛's hands: settled long ago, settled within the window, and one open however old.
    const hand = (id: string, status: string, days: number) => sql`
      (${id}, ${m.memberId}, 100, 500, '[]', '[]', 1, 0, ${status}, ${ago(days)}, ${status === 'settled' ? ago(days) : null})`;
    await s.deps.db.execute(sql`
      INSERT INTO chess_niuniu_hands (round_id, member_id, base_minor, held_minor, member_cards, house_cards, house_bid, coin, status, created_at, settled_at)
      VALUES ${hand(`KY-old-${m.memberId}`, 'settled', 91)}, ${hand(`KY-recent-${m.memberId}`, 'settled', 89)}, ${hand(`KY-open-${m.memberId}`, 'open', 400)}`);

    const gone = await pruneRounds(s.deps.db, 90);
    expect(gone).toMatchObject({ records: 2, originals: 2, chess: 1 });
    expect(await seedIds(m.memberId)).toEqual([recent, active]);
    expect(await boards(m.memberId)).toEqual([recentBoard, open].sort());
    expect(await boards(m.memberId)).not.toContain(oldBoard);
    const hands = await rowsOf<{ round_id: string }>(s.deps.db, sql`SELECT round_id FROM chess_niuniu_hands WHERE member_id = ${m.memberId} ORDER BY 1`);
    expect(hands.map((h) => h.round_id)).toEqual([`KY-open-${m.memberId}`, `KY-recent-${m.memberId}`]);

    // The records screen still proves every round it shows: the recent pair's seed is revealed beside them.
    const rounds = await call('/api/originals/rounds', { page: 1, size: 50 }, m.token);
    expect(rounds.list.map((r: { nonce: number; serverSeed: string | null; status: string }) => [r.nonce, r.status, r.serverSeed !== null])).toEqual([
      [0, 'open', false],
      [1, 'settled', true],
      [0, 'settled', true],
    ]);
    // A second run finds nothing; the open round plays on.
    expect(await pruneRounds(s.deps.db, 90)).toMatchObject({ records: 0, originals: 0, chess: 0 });
    const turned = await call('/api/originals/mines/reveal', { roundId: open, tile: 0 }, m.token);
    expect(['open', 'busted']).toContain(turned.status);
  });

  it('keeps a revealed pair past the window while a board in the window still refers to it', async () => {
    const m = await s.member();
    await w.fund(m.token, 20);
    const board = await settledBoard(m.token);
    await call('/api/originals/seed/rotate', {}, m.token);
    const [pair] = await seedIds(m.memberId);
    await playedAgo(pair, 91);
    await s.deps.db.execute(sql`UPDATE originals_mines SET settled_at = ${ago(10)} WHERE round_id = ${board}`);
    await pruneRounds(s.deps.db, 90);
    expect(await seedIds(m.memberId)).toContain(pair);
    expect(await boards(m.memberId)).toEqual([board]);
  });
});
