import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CURRENCIES } from '@bp/contract';
import { PAY_TABLE } from './slot.ts';

/**
 * The built-in sandbox game: one small self-contained page (sandbox-game.html: inline style and
 * script under a nonce, nothing loaded from elsewhere). It reads its ticket from the address and
 * plays through /api/game/sandbox/ticket and /api/game/sandbox/spin; no money of its own, only the
 * venue's, shown in the ticket's currency.
 */
const TEMPLATE = fs.readFileSync(path.join(import.meta.dirname, 'sandbox-game.html'), 'utf8');

/** What the page's script is given: the stakes it offers, the symbols it rolls, the pay table, each currency's symbol. */
const SETUP = JSON.stringify({
  stakes: [1, 5, 10, 50, 100, 200, 500],
  symbols: PAY_TABLE.map((line) => line.symbol),
  payTable: PAY_TABLE.map((line) => ({ symbol: line.symbol, multiplier: line.tenths / 10 })),
  symbolOf: Object.fromEntries(Object.values(CURRENCIES).map((c) => [c.code, c.symbol])),
});

const page = (nonce: string) => TEMPLATE.replaceAll('__NONCE__', nonce).replace('__SETUP__', SETUP);

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
