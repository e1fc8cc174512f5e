import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { listSites } from '../site/index.ts';
import { seedContent } from './demo-content.ts';

/**
 * The demo activities of every site without any: sign-in, spin wheel, lottery, first and continue deposit, invite, novice tasks,
 * in major units per currency (the USDT site's round figures). The operator changes them later.
 */
const FIGURES = {
  CNY: { sign: [2, 2, 5, 3, 3, 3, 18], wheel: [88, 18, 8, 2], perDeposit: 100, perTurnover: 1_000, firstCap: 188, caps: [288, 388], min: 100, budget: 100_000 },
  USDT: {
    sign: [0.3, 0.3, 0.8, 0.5, 0.5, 0.5, 3],
    wheel: [12, 3, 1, 0.3],
    perDeposit: 15,
    perTurnover: 150,
    firstCap: 888,
    caps: [40, 55],
    min: 15,
    budget: 15_000,
  },
};
const WINDOW = { start: new Date('2024-01-01T00:00:00+08:00'), end: new Date('2030-12-31T23:59:59+08:00') };
/** Wheel: [name, weight, stock] per prize, the amounts above, then 谢谢参与. */
const WHEEL: Array<[weight: number, stock: number | null]> = [
  [1, 20],
  [5, 200],
  [20, null],
  [40, null],
];
const NOTHING_WEIGHT = 34;

const minor = (major: number) => String(Math.round(major * 100));

/** Lottery per currency: tickets per deposit and per turnover, and its prizes [amount, weight, stock] then 谢谢参与. */
const LOTTERY = {
  CNY: {
    perDeposit: 500,
    perTurnover: 5_000,
    prizes: [
      [588, 1, 5],
      [88, 6, 60],
      [18, 25, 500],
      [8, 40, null],
    ] as const,
    budget: 50_000,
  },
  USDT: {
    perDeposit: 70,
    perTurnover: 700,
    prizes: [
      [80, 1, 5],
      [12, 6, 60],
      [2.5, 25, 500],
      [1, 40, null],
    ] as const,
    budget: 7_000,
  },
};
const LOTTERY_NOTHING_WEIGHT = 28;

/** The lottery of every site without one (added after the first activities; an operator's own is kept). */
async function seedLottery(deps: Deps, siteId: number, currency: string): Promise<void> {
  const { rows } = await deps.db.execute(sql`SELECT 1 FROM promo_activities WHERE site_id = ${siteId} AND kind = 'lottery'`);
  if (rows.length > 0) return;
  const f = LOTTERY[currency === 'USDT' ? 'USDT' : 'CNY'];
  const config = { depositPerTicketMinor: minor(f.perDeposit), turnoverPerTicketMinor: minor(f.perTurnover), maxTickets: 20, multipleX100: 300 };
  await deps.db.execute(sql`
    INSERT INTO promo_activities (site_id, kind, title, start_at, end_at, config, budget_minor, sort)
    VALUES (${siteId}, 'lottery', '幸运抽奖', ${WINDOW.start}, ${WINDOW.end}, ${JSON.stringify(config)}::jsonb, ${minor(f.budget)}::bigint, 25)
    ON CONFLICT DO NOTHING`);
  const prizes = [
    ...f.prizes.map(
      ([amount, weight, stock], i) => sql`(${i + 1}::int, 'money', ${minor(amount)}::bigint, ${`${amount} 彩金`}::text, ${weight}::int, ${stock}::int)`,
    ),
    sql`(${f.prizes.length + 1}::int, 'none', 0::bigint, '谢谢参与', ${LOTTERY_NOTHING_WEIGHT}::int, NULL::int)`,
  ];
  await deps.db.execute(sql`
    INSERT INTO promo_prizes (activity_id, prize_no, kind, amount_minor, name, weight, stock)
    SELECT a.activity_id, p.* FROM promo_activities a, (VALUES ${sql.join(prizes, sql`, `)}) AS p
    WHERE a.site_id = ${siteId} AND a.kind = 'lottery' ON CONFLICT DO NOTHING`);
}

/** Guess, invite friends and novice tasks per currency: a right guess's prize; [deposit, turnover, reward] of an invite; each task's reward. */
const WELFARE = {
  CNY: { guess: 8, invite: [100, 500, 28], tasks: { bind_phone: 3, bind_payout: 3, profile: 2, first_deposit: 8, first_bet: 5 }, budget: 50_000 },
  USDT: { guess: 1.2, invite: [15, 70, 4], tasks: { bind_phone: 0.5, bind_payout: 0.5, profile: 0.3, first_deposit: 1, first_bet: 0.8 }, budget: 7_000 },
};

/** The invite, novice and guess activities of every site without them (added after the first activities). */
async function seedWelfare(deps: Deps, siteId: number, currency: string): Promise<void> {
  const f = WELFARE[currency === 'USDT' ? 'USDT' : 'CNY'];
  const [deposit, turnover, reward] = f.invite.map(minor);
  const activities: Array<[kind: string, title: string, config: unknown, sort: number]> = [
    ['invite', '邀请好友', { minDepositMinor: deposit, minTurnoverMinor: turnover, rewardMinor: reward, multipleX100: 300 }, 50],
    ['novice', '新手任务', { tasks: Object.entries(f.tasks).map(([task, amount]) => ({ task, rewardMinor: minor(amount) })), multipleX100: 100 }, 60],
    ['guess', '赛事竞猜', { prizeMinor: minor(f.guess), multipleX100: 100, matches: 10 }, 27],
  ];
  const values = activities.map(
    ([kind, title, config, sort]) =>
      sql`(${siteId}, ${kind}, ${title}, ${WINDOW.start}, ${WINDOW.end}, ${JSON.stringify(config)}::jsonb, ${minor(f.budget)}::bigint, ${sort})`,
  );
  await deps.db.execute(sql`
    INSERT INTO promo_activities (site_id, kind, title, start_at, end_at, config, budget_minor, sort)
    VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING`);
}

/** 闯关 per currency: [valid turnover today, prize] per stage; 足彩: matches a round, [right picks, prize] per tier. */
const CHALLENGES = {
  CNY: {
    stages: [
      [1_000, 18],
      [5_000, 58],
      [20_000, 188],
      [50_000, 388],
      [100_000, 888],
    ],
    tiers: [
      [5, 188],
      [4, 28],
      [3, 8],
    ],
    budget: 50_000,
  },
  USDT: {
    stages: [
      [150, 2.5],
      [700, 8],
      [3_000, 28],
      [7_000, 55],
      [15_000, 128],
    ],
    tiers: [
      [5, 28],
      [4, 4],
      [3, 1.2],
    ],
    budget: 7_000,
  },
};

/** The 闯关 and 足彩 activities of every site without them (added after the first activities). */
async function seedChallenges(deps: Deps, siteId: number, currency: string): Promise<void> {
  const f = CHALLENGES[currency === 'USDT' ? 'USDT' : 'CNY'];
  const activities: Array<[kind: string, title: string, config: unknown, sort: number]> = [
    [
      'barrier',
      '每日闯关',
      { stages: f.stages.map(([turnover, prize]) => ({ turnoverMinor: minor(turnover), prizeMinor: minor(prize) })), multipleX100: 100 },
      28,
    ],
    ['soccer_lottery', '足彩', { matches: 5, tiers: f.tiers.map(([correct, prize]) => ({ correct, prizeMinor: minor(prize) })), multipleX100: 100 }, 29],
  ];
  const values = activities.map(
    ([kind, title, config, sort]) =>
      sql`(${siteId}, ${kind}, ${title}, ${WINDOW.start}, ${WINDOW.end}, ${JSON.stringify(config)}::jsonb, ${minor(f.budget)}::bigint, ${sort})`,
  );
  await deps.db.execute(sql`
    INSERT INTO promo_activities (site_id, kind, title, start_at, end_at, config, budget_minor, sort)
    VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING`);
}

export async function seedActivities(deps: Deps): Promise<void> {
  const { byId } = await listSites(deps.db);
  for (const site of byId.values()) {
    await seedLottery(deps, site.siteId, site.currency);
    await seedWelfare(deps, site.siteId, site.currency);
    await seedChallenges(deps, site.siteId, site.currency);
    await seedContent(deps.db, site.siteId, site.currency);
    const { rows } = await deps.db.execute(
      sql`SELECT 1 FROM promo_activities WHERE site_id = ${site.siteId} AND kind IN ('sign', 'wheel', 'first_deposit', 'continue_deposit') LIMIT 1`,
    );
    if (rows.length > 0) continue;
    const f = FIGURES[site.currency === 'USDT' ? 'USDT' : 'CNY'];
    const configs: Array<[kind: string, title: string, config: unknown, sort: number]> = [
      ['sign', '每日签到', { dayMinor: f.sign.map(minor), milestones: [3, 7], multipleX100: 100 }, 10],
      [
        'wheel',
        '幸运大转盘',
        { freePerDay: 1, depositPerDrawMinor: minor(f.perDeposit), turnoverPerDrawMinor: minor(f.perTurnover), maxPerDay: 10, multipleX100: 100 },
        20,
      ],
      [
        'first_deposit',
        '首存100%彩金',
        { tiers: [{ nth: 1, percent: 100, capMinor: minor(f.firstCap) }], minDepositMinor: minor(f.min), multipleX100: 1_000, oncePer: ['phone', 'device'] },
        30,
      ],
      [
        'continue_deposit',
        '续存彩金',
        {
          tiers: [
            { nth: 2, percent: 50, capMinor: minor(f.caps[0]) },
            { nth: 3, percent: 30, capMinor: minor(f.caps[1]) },
          ],
          minDepositMinor: minor(f.min),
          multipleX100: 1_000,
        },
        40,
      ],
    ];
    const values = configs.map(
      ([kind, title, config, sort]) =>
        sql`(${site.siteId}, ${kind}, ${title}, ${WINDOW.start}, ${WINDOW.end}, ${JSON.stringify(config)}::jsonb, ${minor(f.budget)}::bigint, ${sort})`,
    );
    await deps.db.execute(sql`
      INSERT INTO promo_activities (site_id, kind, title, start_at, end_at, config, budget_minor, sort)
      VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING`);
    const prizes = [
      ...WHEEL.map(
        ([weight, stock], i) => sql`(${i + 1}::int, 'money', ${minor(f.wheel[i])}::bigint, ${`${f.wheel[i]} 彩金`}::text, ${weight}::int, ${stock}::int)`,
      ),
      sql`(${WHEEL.length + 1}::int, 'none', 0::bigint, '谢谢参与', ${NOTHING_WEIGHT}::int, NULL::int)`,
    ];
    await deps.db.execute(sql`
      INSERT INTO promo_prizes (activity_id, prize_no, kind, amount_minor, name, weight, stock)
      SELECT a.activity_id, p.* FROM promo_activities a, (VALUES ${sql.join(prizes, sql`, `)}) AS p
      WHERE a.site_id = ${site.siteId} AND a.kind = 'wheel' ON CONFLICT DO NOTHING`);
  }
}
