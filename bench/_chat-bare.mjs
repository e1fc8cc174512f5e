// The chat benchmark's yardstick: a bare `ws` server broadcasting each posted message to every
// subscriber of its room, as one frame made once (the frame the platform sends, from a template
// message), with no database, filter or bus. POST /send {content} over plain node:http.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT);
const template = JSON.parse(process.env.BARE_TEMPLATE);
const subscribers = new Set();
let id = 1;

const server = http.createServer((req, res) => {
  if (req.method === 'GET') return res.end('{"code":0}');
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const { content } = JSON.parse(body);
    const data = { ...template.data, id: id++, seq: id, content, createdAt: Date.now() };
    const frame = JSON.stringify({ ch: template.ch, type: 'chat.message', data });
    for (const ws of subscribers) ws.send(frame);
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
