// The chat benchmark's yardstick: a bare `ws` server broadcasting each posted message to every
// subscriber of its room, with no database, filter or bus; each frame made once for all (the
// frames the platform sends, from a template message). POST /send {content} over plain node:http.
// Per message (BARE_BATCH_MS unset or 0): one frame per message. With BARE_BATCH_MS: the
// gateway's batching, bare: the first message after a quiet tick at once, those within the tick
// together as one `batch` frame at its end.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT);
const template = JSON.parse(process.env.BARE_TEMPLATE);
const batchMs = Number(process.env.BARE_BATCH_MS ?? 0);
const subscribers = new Set();
let id = 1;
let held = null; // the messages of the tick under way, or null when the room is quiet

const broadcast = (frame) => {
  const bytes = Buffer.from(JSON.stringify(frame));
  for (const ws of subscribers) ws.send(bytes, { binary: false });
};
const single = (data) => ({ ch: template.ch, type: 'chat.message', data });
const tick = () => {
  if (held.length === 0) return void (held = null);
  broadcast(held.length === 1 ? single(held[0]) : { ch: template.ch, type: 'batch', data: { items: held.map((d) => ({ type: 'chat.message', data: d })) } });
  held = [];
  setTimeout(tick, batchMs);
};
const publish = (data) => {
  if (held) return void held.push(data);
  broadcast(single(data));
  if (batchMs > 0) {
    held = [];
    setTimeout(tick, batchMs);
  }
};

const server = http.createServer((req, res) => {
  if (req.method === 'GET') return res.end('{"code":0}');
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const { content } = JSON.parse(body);
    const data = { ...template.data, id: id++, seq: id, content, createdAt: Date.now() };
    publish(data);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 0, data: { id: data.id, seq: data.seq }, msg: 'success' }));
  });
});
const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', (raw) => {
    const msg = JSON.parse(raw);
    if (msg.type === 'sub') {
      subscribers.add(ws);
      ws.send(JSON.stringify({ ch: msg.ch, type: 'sub.ok', data: null }));
    }
  });
  ws.on('close', () => subscribers.delete(ws));
});
server.listen(port, '127.0.0.1');
