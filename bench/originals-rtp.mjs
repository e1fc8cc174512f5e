// House originals: the measured return to player of each original over 1,000,000 simulated rounds,
// against its theoretical figure (target: within 0.5 percentage points). Pure computation with the
// shared outcome code (packages/contract, the same the server plays and the browser verifies),
// each round on a fresh random server seed, a client seed and a nonce, through HMAC-SHA256.
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { kenoRtp, minesMultiplier, minesOf, outcomeOf, plinkoRtp, seedFloats, theoreticalRtp } from '../packages/contract/src/index.ts';
import { machine, today } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const hmac = (key, message) => createHmac('sha256', key).update(message).digest();
const clientSeed = randomBytes(8).toString('hex');
let serverSeed = '';

/** The seeds of round i: a new server seed every 1,000 rounds, as members rotate, the nonce counting. */
const seedsOf = (i) => {
  if (i % 1000 === 0) serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, clientSeed, nonce: i % 1000 };
};

/** Mines: reveal two tiles chosen at random among 25, cash out if both are safe (3 mines). */
function minesRound(seeds) {
  const board = minesOf(seedFloats(hmac, seeds, 24), 3);
  const first = Math.floor(Math.random() * 25);
  let second = Math.floor(Math.random() * 24);
  if (second >= first) second++;
  return board.includes(first) || board.includes(second) ? 0 : minesMultiplier(3, 2);
}

const GAMES = [
  {
    game: 'dice',
    setting: 'over 50.50 (49.50 %, 2.0000×)',
    theory: theoreticalRtp('dice').rtp,
    play: (s) => one('dice', { target: 50.5, condition: 'over' }, s, 1),
  },
  { game: 'limbo', setting: 'target 2.00×', theory: theoreticalRtp('limbo').rtp, play: (s) => one('limbo', { targetMultiplier: 2 }, s, 1) },
  { game: 'mines', setting: '3 mines, 2 random tiles, cash out', theory: 0.99, play: minesRound },
  { game: 'plinko', setting: '12 rows, medium risk', theory: plinkoRtp(12, 'medium'), play: (s) => one('plinko', { rows: 12, risk: 'medium' }, s, 12) },
  { game: 'keno', setting: '5 numbers (1, 9, 17, 25, 33)', theory: kenoRtp(5), play: (s) => one('keno', { picks: [1, 9, 17, 25, 33] }, s, 10) },
];

function one(game, params, seeds, floats) {
  const o = outcomeOf(game, params, seedFloats(hmac, seeds, floats));
  return o.win ? o.multiplier4 : 0;
}

const rows = [];
for (const g of GAMES) {
  const started = performance.now();
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const m = g.play(seedsOf(i)) / 10_000;
    sum += m;
    squares += m * m;
  }
  const rtp = sum / ROUNDS;
  const se = Math.sqrt((squares / ROUNDS - rtp * rtp) / ROUNDS);
  const off = (rtp - g.theory) * 100;
  rows.push({ ...g, rtp, se, off, seconds: (performance.now() - started) / 1000 });
}

const pct = (x) => `${(x * 100).toFixed(3)} %`;
const table = [
  '| original | setting | theoretical RTP | measured RTP | difference (pp) | standard error (pp) | within 0.5 pp | seconds |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.game} | ${r.setting} | ${pct(r.theory)} | ${pct(r.rtp)} | ${r.off >= 0 ? '+' : ''}${r.off.toFixed(3)} | ${(r.se * 100).toFixed(3)} | ${Math.abs(r.off) <= 0.5 ? 'yes' : 'NO'} | ${r.seconds.toFixed(1)} |`,
  ),
].join('\n');
const heading = `${today()}, ${machine()}, ${ROUNDS.toLocaleString('en')} rounds per original`;
console.log(`\nOriginals RTP (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'originals-rtp.md'), `${heading}\n\n${table}\n`);
if (rows.some((r) => Math.abs(r.off) > 0.5)) process.exitCode = 1;
