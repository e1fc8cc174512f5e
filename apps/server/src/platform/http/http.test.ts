import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { derivedOnce } from '../cache.ts';
import { installHttp, lazyRequestLogger, routeOf, routesOf } from './index.ts';

/** A Fastify app with the platform's HTTP layer and request loggers, its log lines collected. */
function platformApp(level = 'warn') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger });
  installHttp(app);
  return { app, lines };
}

const Greeting = z.object({ text: z.string() });
/** The routes these tests declare, in a table of their own. */
const defineRoute = routesOf({
  '/greeting': { data: Greeting },
  '/broken': { data: Greeting },
  '/logs': { data: z.null() },
  '/route/:id': { data: z.object({ url: z.string(), same: z.boolean() }) },
});
const post = (app: ReturnType<typeof Fastify>, url: string) => app.inject({ method: 'POST', url, payload: {} });

describe('platform http', () => {
  it('a route reusing its answer writes the same encoded answer for the same object, and a new one once it changes', async () => {
    const { app } = platformApp();
    let current = { text: '你好' };
    let calls = 0;
    defineRoute(app, { url: '/greeting', summary: 'test', reusesAnswer: true }, () => {
      calls++;
      return current;
    });
    const first = await post(app, '/greeting');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ code: 0, data: { text: '你好' }, msg: 'success' });
    expect((await post(app, '/greeting')).body).toBe(first.body);
    // Encoded once: an object changed in place (which handlers must never do) still answers as first encoded.
    current.text = '改了';
    expect((await post(app, '/greeting')).json().data).toEqual({ text: '你好' });
    current = { text: '再见' };
    expect((await post(app, '/greeting')).json().data).toEqual({ text: '再见' });
    expect(calls).toBe(4);
    await app.close();
  });

  it('an answer reused from memory is still checked against its contract', async () => {
    const { app } = platformApp('fatal');
    defineRoute(app, { url: '/broken', summary: 'test', reusesAnswer: true }, () => ({ text: 7 }) as never);
    const res = await post(app, '/broken');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).not.toBe(0);
    await app.close();
  });

  it('a request logs with its id at the levels switched on, and below them writes nothing', async () => {
    const { app, lines } = platformApp('warn');
    defineRoute(app, { url: '/logs', summary: 'test' }, (req) => {
      req.log.info('not written');
      req.log.warn({ detail: 1 }, 'written');
      req.log.child({ step: 'inner' }).error('from a child');
      return null;
    });
    await post(app, '/logs');
    const ours = lines.filter((l) => l.msg !== undefined && ['not written', 'written', 'from a child'].includes(l.msg as string));
    expect(ours.map((l) => l.msg)).toEqual(['written', 'from a child']);
    expect(ours[0]).toMatchObject({ level: 40, detail: 1, reqId: expect.any(String) });
    expect(ours[1]).toMatchObject({ level: 50, step: 'inner', reqId: ours[0].reqId });
    await app.close();
  });

  it('routeOf names the route and its config, read once per request', async () => {
    const { app } = platformApp();
    defineRoute(app, { url: '/route/:id', summary: 'test', auth: 'optional' }, (req) => {
      const route = routeOf(req);
      return { url: `${route.url}:${route.config.auth}`, same: routeOf(req) === route };
    });
    expect((await post(app, '/route/7')).json().data).toEqual({ url: '/route/:id:optional', same: true });
    await app.close();
  });
});

describe('derivedOnce', () => {
  it('makes a value once per object and arguments, and again when any of them changes', () => {
    let made = 0;
    const label = derivedOnce((from: { n: number }, prefix: string, suffix: string) => ({ text: `${prefix}${from.n}${suffix}`, made: ++made }));
    const one = { n: 1 };
    const a = label(one, '<', '>');
    expect(label(one, '<', '>')).toBe(a);
    expect(label(one, '[', '>')).toEqual({ text: '[1>', made: 2 });
    expect(label({ n: 1 }, '[', '>')).toEqual({ text: '[1>', made: 3 });
    expect(label(one, '[', ']').text).toBe('[1]');
  });
});
