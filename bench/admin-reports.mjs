// The back office at scale: reports over 1,000,000 bets and member search over 100,000 members on
// PostgreSQL (targets: a report < 1 s, a search < 100 ms). The rows are made with set-based SQL
// (generate_series) in a fresh schema the server migrated, then each call is timed through the
// server's own HTTP route as a signed-in super admin. BENCH_BETS / BENCH_MEMBERS make a smaller run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { URI } from 'otpauth';
import { PG_URL, machine, percentile, post, psql, root, startProcess, stopProcess, today } from './lib.mjs';

const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DAYS = 30;
const RUNS = 5;
const SEARCHES = 30;
const schema = `bench_admin_${Date.now()}`;
const env = { PORT: '18247', DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, RUN_JOBS: 'off', WEB_DIST: '', ADMIN_DIST: '' };
const base = `http://127.0.0.1:${env.PORT}`;

/** SQL in the bench's schema. */
const inSchema = (text) => psql(`SET search_path TO "${schema}"; ${text}`);

/**
 * Members (a tenth on the USDT site, the first 200 agents, three in five brought by one), a main
 * wallet each, then BETS stakes over the last DAYS days (sportsbook 60 %, originals 30 %, a seamless
 * provider 10 %), winnings on 45 % of them, deposits, withdrawals, bonuses and rebates. History only:
 * balances are not recomputed (no ledger audit on this run).
 */
function generate() {
  inSchema(`
    INSERT INTO members (site_id, name, password_hash, own_invite_code, phone, email, real_name, is_agent, created_at)
    SELECT CASE WHEN g % 10 = 0 THEN 2 ELSE 1 END, 'bm' || g, 'x', 'bmc' || g, '139' || lpad(g::text, 8, '0'), 'bm' || g || '@example.com',
      '会员' || g, g <= 200, now() - (g % 90) * interval '1 day'
    FROM generate_series(1, ${MEMBERS}) g;
    WITH a AS (SELECT array_agg(member_id ORDER BY member_id) AS ids FROM members WHERE is_agent AND name LIKE 'bm%')
    UPDATE members m SET invited_by = a.ids[1 + m.member_id % array_length(a.ids, 1)] FROM a
    WHERE m.name LIKE 'bm%' AND NOT m.is_agent AND m.member_id % 5 < 3;
    INSERT INTO wallet_accounts (account_key, site_id, currency, kind, member_id)
    SELECT 'member:' || member_id || ':main', site_id, CASE site_id WHEN 2 THEN 'USDT' ELSE 'CNY' END, 'main', member_id FROM members WHERE name LIKE 'bm%';
    INSERT INTO wallet_accounts (account_key, site_id, currency, kind, name)
    SELECT 'house:' || s || ':' || c || ':' || n || ':bench', s, c, 'house', n
    FROM (VALUES (1, 'CNY'), (2, 'USDT')) v(s, c), unnest(ARRAY['stakes', 'payouts', 'deposits', 'withdrawals', 'bonus']) n;
    CREATE TEMP TABLE bm_main AS
      SELECT row_number() OVER (ORDER BY account_id) AS i, account_id, site_id FROM wallet_accounts WHERE account_key LIKE 'member:%' AND member_id IN (SELECT member_id FROM members WHERE name LIKE 'bm%');
    CREATE TEMP TABLE bm_house AS SELECT site_id, name, account_id FROM wallet_accounts WHERE account_key LIKE 'house:%:bench';
    CREATE TEMP TABLE bm_bets AS
      SELECT g, m.account_id AS member_account, m.site_id, (100 + (g::bigint * 7919) % 50000) AS stake,
        CASE WHEN g % 10 < 6 THEN 'sports' WHEN g % 10 < 9 THEN 'originals' ELSE 'game' END AS product,
        now() - ((g::bigint * 104729) % (${DAYS} * 86400)) * interval '1 second' - interval '1 minute' AS at
      FROM generate_series(1, ${BETS}) g JOIN bm_main m ON m.i = 1 + (g::bigint * 31) % ${MEMBERS};
    -- One insert in time order, as the products append them (the BRIN index relies on it).
    INSERT INTO wallet_transfers (from_account, to_account, amount_minor, kind, ref, from_balance_after, to_balance_after, created_at)
    SELECT * FROM (
      SELECT b.member_account, h.account_id, b.stake,
        CASE b.product WHEN 'sports' THEN 'bet.stake' WHEN 'originals' THEN 'bet.stake.originals' ELSE 'bet.stake.game' END,
        CASE b.product WHEN 'sports' THEN 'bet:' WHEN 'originals' THEN 'orig:' ELSE 'provider:SIM:' END || b.g, 0, 0, b.at
      FROM bm_bets b JOIN bm_house h ON h.site_id = b.site_id AND h.name = 'stakes'
      UNION ALL
      SELECT h.account_id, b.member_account, b.stake * 2,
        CASE b.product WHEN 'sports' THEN 'bet.payout' WHEN 'originals' THEN 'bet.payout.originals' ELSE 'bet.payout.game' END,
        CASE b.product WHEN 'sports' THEN 'bet:' || b.g || ':1' WHEN 'originals' THEN 'orig:' || b.g ELSE 'provider:SIM:p' || b.g END, 0, 0, b.at + interval '30 seconds'
      FROM bm_bets b JOIN bm_house h ON h.site_id = b.site_id AND h.name = 'payouts' WHERE b.g % 20 < 9
      UNION ALL
      SELECT CASE WHEN x.kind = 'withdraw.payout' THEN b.member_account ELSE h.account_id END,
        CASE WHEN x.kind = 'withdraw.payout' THEN h.account_id ELSE b.member_account END, b.stake * 10, x.kind, 'bench:' || b.g, 0, 0, b.at
      FROM bm_bets b
      CROSS JOIN LATERAL (SELECT CASE WHEN b.g % 100 < 10 THEN 'deposit.credit' WHEN b.g % 100 < 13 THEN 'withdraw.payout'
        WHEN b.g % 100 < 16 THEN 'bonus.rebate' WHEN b.g % 100 < 18 THEN 'bonus.upgrade' END AS kind) x
      JOIN bm_house h ON h.site_id = b.site_id
        AND h.name = CASE x.kind WHEN 'deposit.credit' THEN 'deposits' WHEN 'withdraw.payout' THEN 'withdrawals' ELSE 'bonus' END
      WHERE x.kind IS NOT NULL
    ) moves ORDER BY 8;
    ANALYZE members; ANALYZE wallet_accounts; ANALYZE wallet_transfers;
    -- What autovacuum does for the BRIN index (autosummarize) as the ranges fill.
    SELECT brin_summarize_new_values('wallet_transfers_created');`);
  return Number(inSchema('SELECT count(*) FROM wallet_transfers').trim());
}

/** A super admin made by the README's command, signed in through the real login with a TOTP code. */
async function signIn() {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/scripts/operator-create.ts', '--name', 'bench_admin', '--password', 'bench12345x', '--role', 'super'],
    { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: 'warn' } },
  ).toString();
  const totp = URI.parse(/otpauth:\/\/\S+/.exec(out)[0]);
  const res = await post(`${base}/api/admin/auth/login`, { name: 'bench_admin', password: 'bench12345x', totp: totp.generate() });
  if (res.code !== 0) throw new Error(`login: ${res.msg}`);
  return { authorization: `Bearer ${res.data.token}` };
}

/** Milliseconds of the first call (a report's first rolls the closed days up), then of each further call: median and slowest. */
async function timed(runs, call) {
  const t0 = performance.now();
  await call(0);
  const first = performance.now() - t0;
  const times = [];
  for (let i = 1; i <= runs; i++) {
    const start = performance.now();
    const res = await call(i);
    times.push(performance.now() - start);
    if (res.code !== 0) throw new Error(res.msg);
  }
  times.sort((a, b) => a - b);
  return { first, median: percentile(times, 50), max: times.at(-1) };
}

const started = Date.now();
const load = os.loadavg()[0].toFixed(1);
const server = await startProcess('apps/server/src/main.ts', env, `${base}/api/health`);
const rows = [];
let transfers;
let generatedIn;
try {
  const t0 = Date.now();
  transfers = generate();
  generatedIn = (Date.now() - t0) / 1000;
  const headers = await signIn();
  const to = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() + 8 * 3600_000 - (DAYS - 1) * 86400_000).toISOString().slice(0, 10);
  const lastDay = { from: to, to };
  for (const [label, body] of [
    [`by day, ${DAYS} days, every site`, { groupBy: 'day', from, to }],
    [`by day, ${DAYS} days, site 1`, { groupBy: 'day', from, to, siteId: 1 }],
    [`by site, ${DAYS} days`, { groupBy: 'site', from, to }],
    [`by venue, ${DAYS} days`, { groupBy: 'venue', from, to }],
    [`by agent, ${DAYS} days`, { groupBy: 'agent', from, to }],
    ['by venue, today', { groupBy: 'venue', ...lastDay }],
  ]) {
    rows.push({ call: `report ${label}`, target: 1000, ...(await timed(RUNS, () => post(`${base}/api/admin/report`, body, headers))) });
  }
  const pick = (i) => 1 + ((i * 7717) % MEMBERS);
  for (const [label, keyword] of [
    ['name prefix', (i) => `bm${pick(i)}`],
    ['phone', (i) => `139${String(pick(i)).padStart(8, '0')}`],
    ['e-mail', (i) => `bm${pick(i)}@example.com`],
    ['real name', (i) => `会员${pick(i)}`],
    ['member id', (i) => String(pick(i))],
    ['no keyword, page 1', () => undefined],
  ]) {
    const call = (i) => post(`${base}/api/admin/member/search`, { page: 1, size: 20, keyword: keyword(i) }, headers);
    rows.push({ call: `member search: ${label}`, target: 100, ...(await timed(SEARCHES, call)) });
  }
} finally {
  await stopProcess(server);
  // BENCH_KEEP=1 leaves the schema for EXPLAIN (drop it yourself).
  if (!process.env.BENCH_KEEP) psql(`SET client_min_messages = warning; DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  else console.log(`schema kept: ${schema}`);
}

const ms = (v) => v.toFixed(1);
const missed = rows.filter((r) => r.median >= r.target);
const table = [
  `${BETS.toLocaleString('en-US')} bets and ${MEMBERS.toLocaleString('en-US')} members (${transfers.toLocaleString('en-US')} ledger transfers over ${DAYS} days, made in ${generatedIn.toFixed(0)} s); ${today()} ${new Date().toISOString().slice(11, 16)} UTC; ${machine()}; PostgreSQL ${psql('SHOW server_version').trim()}; load average ${load} at the start; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
  '',
  '| call | first call ms | then median ms | then slowest ms | target |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.call} | ${ms(r.first)} | ${ms(r.median)} | ${ms(r.max)} | < ${r.target} ms ${r.median < r.target ? '✓' : '✗'} |`),
].join('\n');
console.log(`\n${table}`);
fs.mkdirSync(path.join(root, 'bench/.out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/.out/admin-reports.md'), `${table}\n`);
if (BETS === 1_000_000 && MEMBERS === 100_000) writeReadme(table);
process.exit(missed.length ? 1 : 0);

function writeReadme(figures) {
  const file = path.join(root, 'bench/README.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = '<!-- admin-reports:start -->';
  const end = '<!-- admin-reports:end -->';
  const block = [
    start,
    '## The back office at scale: reports and member search (`npm run bench -- admin-reports`)',
    '',
    figures,
    '',
    'Method: `bench/admin-reports.mjs` starts the server on a fresh PostgreSQL schema (migrated by the server), then',
    'makes the rows with set-based SQL (generate_series): the members (a tenth on the USDT site, 200 agents who',
    'brought three in five), a main wallet each, and the ledger transfers the products post: a stake per bet',
    '(sportsbook 60 %, originals 30 %, a seamless provider 10 %) spread over the last 30 days, winnings on 45 % of',
    'them, deposits, withdrawals, bonuses and rebates, inserted in time order as the products append them. After ANALYZE, each call goes through the HTTP route as a',
    'super admin made by `npm run operator:create` and signed in with a TOTP code: one warm-up, then 5 runs per',
    'report and 30 per search (a different member each time), timed by the client (HTTP included). The first',
    'report rolls the 29 closed days up into wallet_report_days (once per day, ever; a report then reads those',
    'rows and counts only the open day from the transfers, by the same query, wallet/reports.ts, the dashboard uses);',
    'the BRIN index is summarized after the load, as autovacuum does (autosummarize) while transfers are appended;',
    'indexes of migration 0103: a BRIN index on the transfers’ time, the member search’s name prefix, phone,',
    'e-mail and real name. The machine is shared: the load average is noted.',
    end,
  ].join('\n');
  const next = text.includes(start) ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : text.replace(/\n/, `\n\n${block}\n`);
  fs.writeFileSync(file, next);
}
