import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The built-in sandbox game: one small self-contained page (inline style and script, nothing
 * loaded from elsewhere). It reads its ticket from the address and plays through
 * /api/game/sandbox/ticket and /api/game/sandbox/spin; no money of its own, only the venue's.
 */
const page = (nonce: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>试玩老虎机</title>
<style nonce="${nonce}">
body{margin:0;font-family:system-ui,sans-serif;background:#1b1230;color:#fff;text-align:center}
header{display:flex;justify-content:space-between;align-items:center;padding:12px 16px;background:#2b1d4a}
a{color:#ffd36b;text-decoration:none}
.reels{display:flex;justify-content:center;gap:10px;margin:32px 0 16px}
.reel{width:72px;height:88px;border-radius:12px;background:#fff;color:#b3261e;font-size:44px;line-height:88px;font-weight:700}
button{font-size:18px;padding:12px 40px;border:0;border-radius:24px;background:linear-gradient(#ffd36b,#f0a020);color:#40220a}
button:disabled{opacity:.5}
.row{margin:12px}
input{width:80px;font-size:16px;text-align:center}
.note{font-size:12px;color:#b9a9d9;margin-top:24px}
</style></head><body>
<header><a id="back" href="/app/home">‹ 返回</a><strong id="name">加载中…</strong><span id="demo"></span></header>
<div class="reels"><div class="reel" id="r0">福</div><div class="reel" id="r1">金</div><div class="reel" id="r2">铃</div></div>
<div class="row">余额 <strong id="balance">--</strong></div>
<div class="row">投注 <input id="stake" type="number" min="1" step="1" value="10"></div>
<button id="spin" disabled>旋转</button>
<div class="row" id="result"></div>
<p class="note" id="rtp"></p>
<script nonce="${nonce}">
const ticket = new URLSearchParams(location.search).get('ticket') || '';
const $ = (id) => document.getElementById(id);
const call = async (path, body, headers = {}) => {
  const res = await fetch('/api/game/sandbox/' + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const answer = await res.json();
  if (answer.code !== 0) throw new Error(answer.msg);
  return answer.data;
};
// A round is named once: if its answer is lost on the way, asking again with the same name
// answers that round instead of playing another.
const playRound = async (body) => {
  const headers = { 'idempotency-key': 'spin-' + crypto.randomUUID() };
  for (let attempt = 1; ; attempt++) {
    try { return await call('spin', body, headers); }
    catch (err) { if (!(err instanceof TypeError) || attempt === 3) throw err; }
  }
};
const show = (n) => n.toFixed(2);
call('ticket', { ticket }).then((info) => {
  $('name').textContent = info.gameName;
  $('demo').textContent = info.demo ? '试玩' : info.venueName;
  $('balance').textContent = show(info.balance);
  $('back').href = info.rollbackAddress;
  $('rtp').textContent = '沙盒游戏，理论返还率 ' + (info.rtp * 100).toFixed(0) + '%';
  $('spin').disabled = false;
}, (err) => { $('result').textContent = err.message; });
$('spin').addEventListener('click', async () => {
  $('spin').disabled = true;
  try {
    const r = await playRound({ ticket, stake: Number($('stake').value) });
    r.symbols.forEach((s, i) => { $('r' + i).textContent = s; });
    $('balance').textContent = show(r.balance);
    $('result').textContent = r.win > 0 ? '赢得 ' + show(r.win) : '未中奖';
  } catch (err) { $('result').textContent = err.message; }
  $('spin').disabled = false;
});
</script></body></html>`;

export function gamePageRoute(app: FastifyInstance): void {
  app.get('/sandbox/game', { config: { rateLimit: 'read' }, schema: { hide: true } }, (_req, reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'`,
      )
      .send(page(nonce));
  });
}
