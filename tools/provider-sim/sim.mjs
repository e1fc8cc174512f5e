#!/usr/bin/env node
// The provider simulator: an external game provider in its own process, speaking the seamless-wallet
// protocol (/api/provider/v1, signed per provider) to the platform. A member's launch lands on its
// /launch page; rounds are played through debit, credit and rollback, and tests (or an operator)
// tell it to misbehave as real providers do: lose answers and retry, repeat callbacks, send a
// rollback before its debit, a credit before its debit. Plain Node, no dependencies.
//
//   node tools/provider-sim/sim.mjs --server http://127.0.0.1:8080 --port 8091 [--api-name SIM] [--secret ...]
//
// Environment instead of flags: PROVIDER_SIM_SERVER, PROVIDER_SIM_PORT, PROVIDER_SIM_API_NAME,
// PROVIDER_SIM_SECRET, PROVIDER_SIM_HEARTBEAT_MS. It prints `provider-sim listening on <url>` once up.
import http from 'node:http';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    server: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'api-name': { type: 'string' },
    secret: { type: 'string' },
    'heartbeat-ms': { type: 'string' },
  },
});
const env = process.env;
const SERVER = (flags.server ?? env.PROVIDER_SIM_SERVER ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const PORT = Number(flags.port ?? env.PROVIDER_SIM_PORT ?? 8091);
const HOST = flags.host ?? env.PROVIDER_SIM_HOST ?? '127.0.0.1';
const API_NAME = flags['api-name'] ?? env.PROVIDER_SIM_API_NAME ?? 'SIM';
const SECRET = flags.secret ?? env.PROVIDER_SIM_SECRET ?? 'provider-sim-sandbox-secret';
const HEARTBEAT_MS = Number(flags['heartbeat-ms'] ?? env.PROVIDER_SIM_HEARTBEAT_MS ?? 30_000);
const API = '/api/provider/v1';

/** The platform's paths answer in this envelope. */
const sign = (timestamp, path, body) => createHmac('sha256', SECRET).update(`${timestamp}\n${path}\n${body}`).digest('hex');

/**
 * One signed protocol call. `lose: true` plays a timeout after apply: the platform answered (so it
 * applied the call), but the socket is dropped before the answer is read, as when a provider's
 * client times out; the caller then retries with the same transaction id.
 */
function call(name, payload, { lose = false } = {}) {
  const path = `${API}/${name}`;
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const url = new URL(SERVER + path);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-provider': API_NAME,
          'x-provider-timestamp': timestamp,
          'x-provider-signature': sign(timestamp, path, body),
        },
      },
      (res) => {
        if (lose) {
          res.destroy();
          req.destroy();
          return resolve({ call: name, lost: true });
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            const answer = JSON.parse(text);
            resolve({ call: name, status: res.statusCode, code: answer.code, msg: answer.msg, data: answer.data });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', (err) => (lose ? resolve({ call: name, lost: true, error: err.message }) : reject(err)));
    req.end(body);
  });
}

const newId = (prefix) => `${prefix}-${randomBytes(6).toString('hex')}`;

/** A call as sent, then, with `lose`, sent again (the retry of a provider that never saw the answer). */
async function send(steps, name, payload, fault) {
  if (fault === 'timeout') {
    steps.push({ ...(await call(name, payload, { lose: true })), payload });
    steps.push({ ...(await call(name, payload)), payload, retry: true });
  } else if (fault === 'duplicate') {
    // The same callback twice at once, then once more after: every copy must answer alike.
    const twins = await Promise.all([call(name, payload), call(name, payload)]);
    for (const twin of twins) steps.push({ ...twin, payload });
    steps.push({ ...(await call(name, payload)), payload, repeat: true });
  } else {
    steps.push({ ...(await call(name, payload)), payload });
  }
  return steps[steps.length - 1];
}

/**
 * Plays one round for the player of `token`: a debit of `stake` then a credit of `win`, with a fault:
 * - none: as it should go;
 * - timeout: each callback's answer is lost after the platform applied it, and retried;
 * - duplicate: each callback is sent twice at once and once more;
 * - late: the rollback of the debit arrives before the debit (the debit, late, must be refused);
 * - out-of-order: the credit arrives before the debit (refused), then the debit, then the credit again;
 * - rollback: the debit, then its rollback (the round cancelled), then a repeat of the rollback.
 */
async function playRound({
  token,
  stake,
  win,
  fault = 'none',
  gameCode = 'sim-lucky-seven',
  roundId = newId('r'),
  debitId = newId('d'),
  creditId = newId('c'),
}) {
  const steps = [];
  const session = await call('session', { token });
  steps.push(session);
  if (session.code !== 0) return { roundId, steps };
  const playerId = session.data.playerId;
  const debit = { token, playerId, transactionId: debitId, roundId, gameCode, gameName: '幸运七（模拟供应商）', amount: stake };
  const credit = { playerId, transactionId: creditId, roundId, amount: win };
  const rollback = { playerId, transactionId: debitId, roundId };
  const each = fault === 'timeout' || fault === 'duplicate' ? fault : 'none';
  if (fault === 'late') {
    await send(steps, 'rollback', rollback, 'none');
    await send(steps, 'debit', debit, 'none');
    return { roundId, steps };
  }
  if (fault === 'out-of-order') await send(steps, 'credit', credit, 'none');
  const debited = await send(steps, 'debit', debit, each);
  if (debited.code !== 0) return { roundId, steps };
  if (fault === 'rollback') {
    await send(steps, 'rollback', rollback, 'none');
    await send(steps, 'rollback', rollback, 'none');
    return { roundId, steps };
  }
  await send(steps, 'credit', credit, each);
  return { roundId, steps };
}

/**
 * `n` debits of `stake` at once over one balance, each its own round; those taken are then credited
 * 0. With `prefix` the ids are `<prefix>-d-<i>` and `<prefix>-r-<i>`: the same burst sent again (after
 * this process was killed mid-way, say) retries the very same transactions.
 */
async function burst({ token, stake, n, prefix }) {
  const session = await call('session', { token });
  if (session.code !== 0) return { steps: [session] };
  const playerId = session.data.playerId;
  const rounds = Array.from({ length: n }, (_, i) =>
    prefix
      ? { roundId: `${prefix}-r-${i}`, debitId: `${prefix}-d-${i}`, creditId: `${prefix}-c-${i}` }
      : { roundId: newId('r'), debitId: newId('d'), creditId: newId('c') },
  );
  const debits = await Promise.all(
    rounds.map((r) => call('debit', { token, playerId, transactionId: r.debitId, roundId: r.roundId, gameCode: 'sim-lucky-seven', amount: stake })),
  );
  const credits = await Promise.all(
    rounds.filter((_, i) => debits[i].code === 0).map((r) => call('credit', { playerId, transactionId: r.creditId, roundId: r.roundId, amount: 0 })),
  );
  return { steps: [session, ...debits, ...credits] };
}

// The member's screen: what the provider shows after a launch. ---------------------------------
function launchPage(token) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>幸运七 · 模拟供应商</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#1c2f6b;color:#fff;text-align:center}
header{padding:16px;font-size:18px;font-weight:700;background:#14224d}
.bal{font-size:28px;margin:24px 0 8px}.note{opacity:.75;font-size:13px;padding:0 16px}
.reel{font-size:56px;letter-spacing:12px;margin:24px 0;color:#ffd36b}
button{font-size:18px;padding:12px 28px;margin:6px;border:0;border-radius:24px;background:#ffd36b;color:#14224d;font-weight:700}
#log{font-size:14px;min-height:20px;margin-top:12px}
</style></head><body>
<header>幸运七 · 模拟供应商（单一钱包）</header>
<div class="bal">余额 <span id="bal">…</span></div>
<div class="note">下注与派彩直接记入中心钱包：每局由供应商调用平台的扣款与派彩接口。</div>
<div class="reel" id="reel">7 7 7</div>
<button data-stake="1">下注 1</button><button data-stake="10">下注 10</button>
<div id="log"></div>
<button id="back" style="background:transparent;color:#fff;border:1px solid #fff">返回</button>
<script>
const token = ${JSON.stringify(token)};
const $ = (id) => document.getElementById(id);
let symbol = '';
const money = (n) => symbol + n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
$('back').onclick = () => history.back();
async function post(path, body) { const r = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }); return r.json(); }
async function refresh() { const s = await post('/session', { token }); if (s.code !== 0) { $('log').textContent = s.msg; return; } symbol = s.data.currency === 'USDT' ? '₮' : '¥'; $('bal').textContent = money(s.data.balance); }
for (const b of document.querySelectorAll('button[data-stake]')) b.onclick = async () => {
  b.disabled = true;
  const r = await post('/play', { token, stake: Number(b.dataset.stake) });
  b.disabled = false;
  $('reel').textContent = r.symbols.join(' ');
  $('log').textContent = r.error ? r.error : r.win > 0 ? '赢得 ' + money(r.win) : '未中奖';
  if (r.balance !== undefined) $('bal').textContent = money(r.balance);
};
refresh();
</script></body></html>`;
}

/** A member's spin on the launch page: 3 of 7 symbols, three alike pays 5x. */
async function memberSpin({ token, stake }) {
  const symbols = Array.from({ length: 3 }, () => ['7', '★', '♦', '♣'][randomInt(4)]);
  const win = symbols.every((s) => s === symbols[0]) ? stake * 5 : 0;
  const { steps } = await playRound({ token, stake, win });
  const failed = steps.find((s) => s.code !== 0);
  if (failed) return { symbols, error: failed.msg };
  return { symbols, win, balance: steps[steps.length - 1].data.balance };
}

// The simulator's own HTTP face. ---------------------------------------------------------------
function readJson(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch (err) {
        reject(err);
      }
    });
  });
}

const json = (res, status, value) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
};

const routes = {
  'GET /health': async () => ({ ok: true, apiName: API_NAME, server: SERVER }),
  'POST /session': async (body) => call('session', { token: body.token }),
  'POST /play': memberSpin,
  // Driven by tests and operators: one round with a fault, a burst of concurrent debits, one raw call.
  'POST /control/round': playRound,
  'POST /control/burst': burst,
  'POST /control/call': async (body) => call(body.name, body.payload),
  'POST /control/heartbeat': async () => call('heartbeat', {}),
};

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://sim');
  try {
    if (req.method === 'GET' && url.pathname === '/launch') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // Only a token's own shape reaches the page's script.
      const token = url.searchParams.get('token') ?? '';
      return res.end(launchPage(/^[a-f0-9]{48}$/.test(token) ? token : ''));
    }
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route) return json(res, 404, { error: 'not found' });
    json(res, 200, await route(req.method === 'POST' ? await readJson(req) : {}));
  } catch (err) {
    json(res, 500, { error: String(err?.message ?? err) });
  }
});

// The heartbeat tells the platform this process runs: members see the venue only while it does.
const beat = () => call('heartbeat', {}).catch((err) => console.error(`provider-sim heartbeat failed: ${err.message}`));
const heartbeat = setInterval(beat, HEARTBEAT_MS);

server.listen(PORT, HOST, async () => {
  const { port } = server.address();
  await beat();
  console.log(`provider-sim listening on http://${HOST}:${port} (api_name ${API_NAME}, platform ${SERVER})`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    clearInterval(heartbeat);
    server.close(() => process.exit(0));
  });
}
