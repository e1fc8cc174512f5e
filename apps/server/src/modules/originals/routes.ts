import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { walletOwner } from '../wallet/index.ts';
import { playRound } from './play.ts';
import { cashOut, currentMines, revealTile, startMines } from './mines.ts';
import { gamesList, memberRounds } from './rounds.ts';
import { currentSeed, revealedSeeds, rotateSeed } from './seeds.ts';

export function originalsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;
  const play = { auth: 'member', rateLimit: 'money' } as const;

  defineRoute(app, { url: '/api/originals/games', summary: 'The house originals with their theoretical return to player', rateLimit: 'read' }, () =>
    gamesList(),
  );
  defineRoute(app, { url: '/api/originals/seed', summary: "The next round's seeds: the server seed's SHA-256, the client seed, the nonce", ...member }, (req) =>
    currentSeed(db, req.member.memberId),
  );
  defineRoute(
    app,
    { url: '/api/originals/seed/rotate', summary: 'Reveals the server seed and starts a new pair at nonce 0 (with the client seed given)', ...member },
    (req) => rotateSeed(db, req.member.memberId, req.body.clientSeed),
  );
  defineRoute(app, { url: '/api/originals/seeds', summary: "The member's revealed seed pairs, latest first", ...member }, (req) =>
    revealedSeeds(db, req.member.memberId, req.body.page, req.body.size),
  );
  defineRoute(app, { url: '/api/originals/rounds', summary: "The member's originals rounds with their seeds, latest first", ...member }, (req) =>
    memberRounds(db, req.member.memberId, req.body),
  );

  const owner = (req: { site: { siteId: number; currency: string }; member: { memberId: number } }) => walletOwner(req.site, req.member.memberId);
  defineRoute(app, { url: '/api/originals/dice/play', summary: 'One dice roll from the main wallet (Idempotency-Key)', ...play }, (req) =>
    playRound(deps, owner(req), req.idempotencyKey, 'dice', req.body.amount, { target: req.body.target, condition: req.body.condition }),
  );
  defineRoute(app, { url: '/api/originals/limbo/play', summary: 'One limbo round from the main wallet (Idempotency-Key)', ...play }, (req) =>
    playRound(deps, owner(req), req.idempotencyKey, 'limbo', req.body.amount, { targetMultiplier: req.body.targetMultiplier }),
  );
  defineRoute(app, { url: '/api/originals/plinko/play', summary: 'One plinko ball from the main wallet (Idempotency-Key)', ...play }, (req) =>
    playRound(deps, owner(req), req.idempotencyKey, 'plinko', req.body.amount, { rows: req.body.rows, risk: req.body.risk }),
  );
  defineRoute(app, { url: '/api/originals/keno/play', summary: 'One keno draw from the main wallet (Idempotency-Key)', ...play }, (req) =>
    playRound(deps, owner(req), req.idempotencyKey, 'keno', req.body.amount, { picks: req.body.picks }),
  );

  defineRoute(app, { url: '/api/originals/mines/start', summary: 'Starts a mines round: the stake from the main wallet (Idempotency-Key)', ...play }, (req) =>
    startMines(deps, owner(req), req.idempotencyKey, req.body.amount, req.body.mines),
  );
  defineRoute(app, { url: '/api/originals/mines/reveal', summary: 'Turns a tile of the open mines round (Idempotency-Key)', ...play }, (req) =>
    revealTile(deps, owner(req), req.idempotencyKey, req.body.roundId, req.body.tile),
  );
  defineRoute(app, { url: '/api/originals/mines/cashout', summary: 'Cashes out the open mines round (Idempotency-Key)', ...play }, (req) =>
    cashOut(deps, owner(req), req.idempotencyKey, req.body.roundId),
  );
  defineRoute(app, { url: '/api/originals/mines/current', summary: "The member's open mines round, or null", ...member }, (req) =>
    currentMines(db, owner(req)),
  );
}
