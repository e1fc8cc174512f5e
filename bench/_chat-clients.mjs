// The chat benchmark's listeners, in a process of their own (forked by live-chat.mjs): CLIENTS
// WebSockets spread over the given addresses, each subscribed to one room. Each frame is read
// as bytes, with no object made per frame: every message in it (one, or several in a `batch`), its
// number k and its send time from the content `b<k>:<sentAt>`, counted per socket and k (so a loss
// or a duplicate shows) with its latency. Told `report` with the numbers the senders had acknowledged, it answers the counts.
import WebSocket from 'ws';

const MARK = Buffer.from('"content":"b');
const SUB_OK = Buffer.from('"type":"sub.ok"');
let sockets = [];
let seen; // Uint8Array clients × maxMessages: deliveries of message k on socket s
let latencies; // Uint32Array of ms
let count = 0;
let max = 0;
let lastAt = 0;
let frames = 0; // frames that carried messages

/** The number at `from` in `raw` and where it ends. */
function numberAt(raw, from) {
  let n = 0;
  let i = from;
  for (; i < raw.length && raw[i] >= 48 && raw[i] <= 57; i++) n = n * 10 + raw[i] - 48;
  return [n, i];
}

/** Every message in a frame (one, or several in a `batch`), counted; whether there was any. */
function onFrame(s, raw) {
  const received = Date.now();
  let found = false;
  for (let i = raw.indexOf(MARK); i >= 0; i = raw.indexOf(MARK, i + MARK.length)) {
    const [k, end] = numberAt(raw, i + MARK.length);
    const [sentAt] = numberAt(raw, end + 1);
    if (k < max) seen[s * max + k]++;
    if (count < latencies.length) latencies[count] = received - sentAt;
    count++;
    found = true;
  }
  if (found) {
    frames++;
    lastAt = received;
  }
  return found;
}

async function open({ urls, clients, ch, maxMessages }) {
  max = maxMessages;
  seen = new Uint8Array(clients * max);
  latencies = new Uint32Array(clients * max);
  const ready = [];
  for (let s = 0; s < clients; s++) {
    const ws = new WebSocket(urls[s % urls.length], { perMessageDeflate: false });
    ready.push(
      new Promise((resolve, reject) => {
        ws.once('error', reject);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'sub', ch })));
        ws.on('message', (raw) => onFrame(s, raw) || (raw.indexOf(SUB_OK) >= 0 && resolve()));
      }),
    );
    sockets.push(ws);
    if (s % 100 === 99) await Promise.all(ready.slice(s - 99, s + 1));
  }
  await Promise.all(ready);
}

function report(acked, clients) {
  let distinct = 0;
  let duplicated = 0;
  const missed = new Map(); // k → sockets that missed it
  for (let s = 0; s < clients; s++) {
    for (const k of acked) {
      const n = seen[s * max + k];
      if (n > 0) distinct++;
      else missed.set(k, (missed.get(k) ?? 0) + 1);
      if (n > 1) duplicated += n - 1;
    }
  }
  if (missed.size)
    console.error(
      '[chat-clients] missed (k: sockets):',
      [...missed]
        .slice(0, 30)
        .map(([k, n]) => `${k}:${n}`)
        .join(' '),
    );
  const sorted = latencies.slice(0, Math.min(count, latencies.length)).sort();
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? null;
  return {
    delivered: count,
    frames,
    distinct,
    duplicated,
    lost: acked.length * clients - distinct,
    p50: at(50),
    p99: at(99),
    max: sorted.at(-1) ?? null,
    lastAt,
  };
}

process.on('message', async (msg) => {
  if (msg.cmd === 'open') {
    await open(msg);
    process.send({ ready: true });
  } else if (msg.cmd === 'report') {
    const cpu = process.cpuUsage();
    process.send({ ...report(msg.acked, sockets.length), cpuSeconds: (cpu.user + cpu.system) / 1e6 });
    for (const ws of sockets) ws.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
