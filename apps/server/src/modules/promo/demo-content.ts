import { sql } from 'drizzle-orm';
import type { Market, MatchSummary } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { currentVenues, listMatches } from '../sports/index.ts';
import { addExpertPick } from './experts.ts';
import { DEMO_QUESTIONS } from './quiz-bank.ts';

/**
 * The demo quiz, sponsors and experts of every site without them. The demo experts pick by a fixed
 * rule among the book's coming football matches (topUpDemoPicks, at start and then by a job), so
 * their record is whatever the book's results make of their rule.
 */
const WINDOW = { start: new Date('2024-01-01T00:00:00+08:00'), end: new Date('2030-12-31T23:59:59+08:00') };
const minor = (major: number) => String(Math.round(major * 100));
/** Right answers -> prize (major units), per currency. */
const QUIZ_TIERS = {
  CNY: [
    [3, 2],
    [4, 5],
    [5, 10],
  ],
  USDT: [
    [3, 0.3],
    [4, 0.8],
    [5, 1.5],
  ],
};

export async function seedQuiz(db: Db, siteId: number, currency: string): Promise<void> {
  const tiers = QUIZ_TIERS[currency === 'USDT' ? 'USDT' : 'CNY'].map(([right, amount]) => ({ right, amountMinor: minor(amount) }));
  const config = { questions: DEMO_QUESTIONS, perDay: 5, tiers, multipleX100: 100 };
  const budget = currency === 'USDT' ? 7_000 : 50_000;
  await db.execute(sql`
    INSERT INTO promo_activities (site_id, kind, title, start_at, end_at, config, budget_minor, sort)
    VALUES (${siteId}, 'quiz', '每日答题', ${WINDOW.start}, ${WINDOW.end}, ${JSON.stringify(config)}::jsonb, ${minor(budget)}::bigint, 29)
    ON CONFLICT DO NOTHING`);
}

const SPONSORS: Array<[name: string, kind: string, badge: string, color: string, from: number, to: number | null, summary: string]> = [
  ['星河联足球俱乐部', 'club', '星河', '#1f4fa3', 2023, null, '官方区域合作伙伴。双方在球迷活动、主场观赛与青训公益上长期合作，会员可参与主场观赛抽奖。'],
  ['东岸篮球联盟', 'league', 'EBL', '#c8501e', 2022, null, '联赛官方赛事数据与竞猜合作伙伴，全季赛程、比分与数据同步上线体育频道。'],
  ['疾风运动装备', 'brand', '疾风', '#18875a', 2021, 2024, '2021至2024赛季品牌合作，联名推出会员专属训练装备礼包。'],
  ['北辰电竞战队', 'club', 'BC', '#6b3fb8', 2024, null, '电竞战队冠名赞助，战队赛事在电竞频道开放投注与直播。'],
];

async function seedSponsors(db: Db, siteId: number): Promise<void> {
  if ((await rowsOf(db, sql`SELECT 1 FROM promo_sponsors WHERE site_id = ${siteId} LIMIT 1`)).length > 0) return;
  const values = SPONSORS.map(
    ([name, kind, badge, color, from, to, summary], i) => sql`(${siteId}, ${name}, ${kind}, ${badge}, ${color}, ${from}, ${to}::int, ${summary}, ${i + 1})`,
  );
  await db.execute(sql`
    INSERT INTO promo_sponsors (site_id, name, kind, badge_text, badge_color, from_year, to_year, summary, sort) VALUES ${sql.join(values, sql`, `)}`);
}

/** The demo experts' rules: which selection of a match's main lines each one picks. */
const STRATEGIES = {
  favourite: {
    choose: (markets: Market[]) => lowest(markets.find((m) => m.kind === '1x2')),
    say: (name: string, odds: string) => `${name}赔率${odds}为三项最低，盘口与市场一致看好，稳胆之选。`,
  },
  goals: {
    choose: (markets: Market[]) => lowest(markets.find((m) => m.kind === 'ou')),
    say: (name: string, odds: string) => `大小球${name}赔率${odds}，两队近期进球走势支持这一方向。`,
  },
  handicap: {
    choose: (markets: Market[]) => highest(markets.find((m) => m.kind === 'ah')),
    say: (name: string, odds: string) => `让球盘${name}赔率${odds}，受让一方性价比更高，博取更高回报。`,
  },
};
type Strategy = keyof typeof STRATEGIES;
const open = (m: Market | undefined) => (m?.status === 'open' ? m.selections.filter((s) => s.status === 'open') : []);
const lowest = (m: Market | undefined) => open(m).sort((a, b) => a.odds - b.odds)[0];
const highest = (m: Market | undefined) => open(m).sort((a, b) => b.odds - a.odds)[0];

const EXPERTS: Array<[name: string, title: string, bio: string, color: string, strategy: Strategy]> = [
  ['老K看球', '胜平负专栏', '专注五大联赛胜平负，只推赔率最低的一方，求稳不求险。', '#b8860b', 'favourite'],
  ['大小球阿杰', '大小球专栏', '只看进球数，每场推荐大小球主盘中市场更看好的一方。', '#2a7de1', 'goals'],
  ['让球研究所', '亚盘专栏', '专研亚洲让球盘，偏爱赔率更高的一方，追求长期回报。', '#d0453a', 'handicap'],
];

async function seedExperts(db: Db, siteId: number): Promise<void> {
  if ((await rowsOf(db, sql`SELECT 1 FROM promo_experts WHERE site_id = ${siteId} LIMIT 1`)).length > 0) return;
  const values = EXPERTS.map(([name, title, bio, color, strategy], i) => sql`(${siteId}, ${name}, ${title}, ${bio}, ${color}, ${strategy}, ${i + 1})`);
  await db.execute(sql`
    INSERT INTO promo_experts (site_id, name, title, bio, badge_color, strategy, sort) VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING`);
}

/** How many coming matches each demo expert keeps a pick on. */
const OPEN_PICKS = 4;

/** Each demo expert's picks of the coming football matches by their rule, up to OPEN_PICKS (a match once per expert). */
export async function topUpDemoPicks(db: Db, siteId: number, currency: string): Promise<void> {
  const experts = await rowsOf<{ expert_id: number; strategy: Strategy }>(
    db,
    sql`SELECT e.expert_id, e.strategy FROM promo_experts e WHERE e.site_id = ${siteId} AND e.enabled AND e.strategy IS NOT NULL ORDER BY e.sort`,
  );
  if (experts.length === 0) return;
  const venues = await currentVenues(db, siteId);
  const board = await listMatches(db, { sport: 'football', live: false }, { page: 1, size: 30, order: 'start' }, { currency, venues });
  for (const [i, e] of experts.entries()) {
    const picked = await rowsOf<{ match_id: string }>(
      db,
      sql`SELECT p.match_id FROM promo_expert_picks p JOIN sports_matches x ON x.match_id = p.match_id
          WHERE p.expert_id = ${e.expert_id} AND x.status = 'scheduled'`,
    );
    const has = new Set(picked.map((r) => Number(r.match_id)));
    // Each expert starts at another match, so the three do not all pick the same ones.
    const candidates: MatchSummary[] = [...board.list.slice(i), ...board.list.slice(0, i)].filter((m) => !has.has(m.matchId));
    for (const m of candidates.slice(0, Math.max(0, OPEN_PICKS - has.size))) {
      const rule = STRATEGIES[e.strategy];
      const sel = rule.choose(m.mainMarkets);
      if (!sel) continue;
      await addExpertPick(db, siteId, { expertId: Number(e.expert_id), selectionId: sel.selectionId, analysis: rule.say(sel.name, sel.odds.toFixed(2)) }).catch(
        (err: unknown) => {
          // Made by another instance at the same moment, or closed meanwhile: the next run tops up.
          if (!(err instanceof AppError) || !['EXPERT_PICK_MADE', 'EXPERT_PICK_CLOSED'].includes(err.key)) throw err;
        },
      );
    }
  }
}

export async function seedContent(db: Db, siteId: number, currency: string): Promise<void> {
  await seedQuiz(db, siteId, currency);
  await seedSponsors(db, siteId);
  await seedExperts(db, siteId);
  await topUpDemoPicks(db, siteId, currency);
}
