/** The sports book's test kit: scripted matches, fed through the feed's own entry point. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MarketKind, Sport } from '@bp/contract';
import { clock } from '../../platform/clock.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setConfig } from '../site/index.ts';
import { houseAccount, memberAccount, postTransfer, walletOwner } from '../wallet/index.ts';
import type { FeedMarket } from './feed/adapter.ts';
import { applyFeedEvents } from './feed/apply.ts';
import type { MatchResult } from './markets/grade.ts';
import { selectionCodes } from './markets/kinds.ts';

/**
 * Test support: matches written through the feed's own entry point (applyFeedEvents), as a
 * provider's messages would arrive, so tests choose prices, states and results.
 */
/** A test server whose book confirms in-play bets at once (the delay has tests of its own). */
export async function startBookServer(): Promise<TestServer> {
  const s = await startTestServer();
  await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '0');
  return s;
}

export type Member = Awaited<ReturnType<TestServer['member']>>;

export interface ScriptedMatch {
  ref: string;
  matchId: number;
  /** The selection id of `code` in the market of `kind` (and line or map). */
  sel(kind: MarketKind, code: string, lineOrMap?: number): Promise<number>;
}

export const priced = (kind: MarketKind, odds: number[], opts: { line?: number; mapNo?: number; status?: FeedMarket['status'] } = {}): FeedMarket => ({
  kind,
  line: opts.line ?? null,
  mapNo: opts.mapNo ?? null,
  status: opts.status ?? 'open',
  selections: selectionCodes(kind).map((code, i) => ({ code, odds: odds[i] ?? null })),
});

export const FOOTBALL_MARKETS = (): FeedMarket[] => [
  priced('1x2', [2.1, 3.3, 3.4]),
  priced('ah', [1.9, 1.95], { line: -0.25 }),
  priced('ou', [1.85, 2.0], { line: 2.5 }),
  priced('btts', [1.8, 1.95]),
  priced(
    'cs',
    Array.from({ length: 17 }, (_, i) => 6 + i),
  ),
];

const LEAGUES: Record<Sport, { leagueId: number; name: string }> = {
  football: { leagueId: 1001, name: '英格兰超级联赛' },
  basketball: { leagueId: 2001, name: '美国职业篮球联赛' },
  esports: { leagueId: 3001, name: '英雄联盟职业联赛' },
};

export async function scriptMatch(
  s: TestServer,
  opts: { sport?: Sport; startInMs?: number; markets?: FeedMarket[]; leagueId?: number; venueCode?: 'OBTY' | 'IMTY'; home?: string; visit?: string } = {},
): Promise<ScriptedMatch> {
  const sport = opts.sport ?? 'football';
  const league = { ...LEAGUES[sport], ...(opts.leagueId ? { leagueId: opts.leagueId } : {}) };
  const ref = `test:${randomBytes(6).toString('hex')}`;
  const team = (name: string) => ({ ref: `${ref}:${name}`, name, logo: `/assets/sports/teams/${name}.svg` });
  await applyFeedEvents(s.deps, [
    {
      type: 'fixture',
      ref,
      startAt: clock.now() + (opts.startInMs ?? 3_600_000),
      media: null,
      memory: {},
      league: {
        ...league,
        sport,
        region: '',
        logo: '',
        matchClass: sport === 'esports' ? 'esports' : 'league',
        venueCode: opts.venueCode ?? 'OBTY',
        hot: 50,
        sort: 1,
      },
      home: team(opts.home ?? '主队'),
      visit: team(opts.visit ?? '客队'),
    },
    { type: 'prices', ref, markets: opts.markets ?? FOOTBALL_MARKETS() },
  ]);
  const { rows } = await s.deps.db.execute(sql`SELECT match_id FROM sports_matches WHERE feed_ref = ${ref}`);
  const matchId = Number((rows[0] as { match_id: unknown }).match_id);
  return {
    ref,
    matchId,
    async sel(kind, code, lineOrMap) {
      const { rows: found } = await s.deps.db.execute(sql`
        SELECT s.selection_id FROM sports_selections s JOIN sports_markets mk ON mk.market_id = s.market_id
        WHERE mk.match_id = ${matchId} AND mk.kind = ${kind} AND s.code = ${code}
          ${lineOrMap === undefined ? sql`` : kind === 'map_winner' ? sql`AND mk.map_no = ${lineOrMap}` : sql`AND mk.line = ${lineOrMap}`}
        ORDER BY mk.market_id LIMIT 1`);
      if (!found.length) throw new Error(`no selection ${kind} ${code} ${lineOrMap ?? ''}`);
      return Number((found[0] as { selection_id: unknown }).selection_id);
    },
  };
}

export const setPrices = (s: TestServer, m: ScriptedMatch, markets: FeedMarket[]) => applyFeedEvents(s.deps, [{ type: 'prices', ref: m.ref, markets }]);

export const goLive = (s: TestServer, m: ScriptedMatch, homeScore = 0, visitScore = 0) =>
  applyFeedEvents(s.deps, [{ type: 'state', ref: m.ref, status: 'live', period: '1H', clockSec: 600, homeScore, visitScore, scorer: null, memory: {} }]);

export const finish = (s: TestServer, m: ScriptedMatch, result: MatchResult) => applyFeedEvents(s.deps, [{ type: 'result', ref: m.ref, result, period: 'FT' }]);

/** Credits a member's main wallet from the house's deposits account (a sandbox deposit). */
export async function fund(s: TestServer, memberId: number, amountMinor: bigint, siteId = 1, currency = 'CNY'): Promise<void> {
  await s.deps.db.transaction(async (tx) => {
    const owner = walletOwner({ siteId, currency }, memberId);
    await postTransfer(tx, {
      from: await houseAccount(tx, siteId, owner.currency, 'deposits'),
      to: await memberAccount(tx, owner),
      amountMinor,
      kind: 'test.deposit',
      ref: `test:${memberId}:${randomBytes(6).toString('hex')}`,
    });
  });
}

export async function mainBalance(s: TestServer, memberId: number): Promise<bigint> {
  const { rows } = await s.deps.db.execute(sql`SELECT balance FROM wallet_accounts WHERE member_id = ${memberId} AND kind = 'main'`);
  return rows.length ? BigInt((rows[0] as { balance: string }).balance) : 0n;
}

let keyNo = 0;
export const idemKey = () => `k${Date.now().toString(36)}${(keyNo++).toString(36)}${randomBytes(3).toString('hex')}`;
