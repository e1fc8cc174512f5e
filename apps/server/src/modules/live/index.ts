import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Errors } from '@bp/contract';
import type { Deps, Module } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { whenBetSettled } from '../sports/index.ts';
import { chatRoutes } from './chat-routes.ts';
import { moderationRoutes } from './moderation-routes.ts';
import { anchorRoutes } from './anchor-routes.ts';
import { streamRoutes } from './stream-routes.ts';
import { findRoom } from './chat/rooms.ts';
import { announceSettlement } from './chat/order-push.ts';
import { rotateDemoAnchors, seedDemoAnchors } from './anchors/demo.ts';
import { seedDemoGifts } from './gifts/demo.ts';

/**
 * Live: anchors (streamers) and their rooms, each on a match of the book or casting freely; chat
 * rooms of matches and anchor rooms, shared by every site and split by VIP level into two sides,
 * with a per-room sequence so a client back from a lost connection catches up; moderation; gold
 * coins bought with main-wallet money and given to anchors as gifts. Money moves only through the
 * wallet's ledger (gold coins are its GOLD currency); realtime frames go through the bus on
 * `chat:<chatRoomNo>`, so rooms span every instance.
 */
export { DEMO_STREAM_BASE } from './anchors/demo.ts';
/** Gold coins another module gives a member (the vip module's points exchange). */
export { rewardGold } from './gifts/gold.ts';
/** The operator's levers (the back office calls these). */
export {
  grantModerator,
  roomActions,
  anchorRoomOf,
  updateAnchorRoom,
  operatorMute,
  operatorUnmute,
  operatorMutedList,
  operatorDeleteMessage,
  recentMessages,
  activeChatRooms,
  anchorRoomsForOperator,
} from './operator.ts';

/** The anchors' pictures and the gift icons, served under /assets/live/. */
export const LIVE_ASSETS_DIR = path.resolve(import.meta.dirname, '../../../assets/live');

// The book tells us of each settled bet: big wins are announced in their matches' rooms.
whenBetSettled(announceSettlement);

/** A members-only room is not followed by visitors' sockets either. */
const membersOnlyRooms = (deps: Deps) => async (ch: string, identity: unknown) => {
  if (!ch.startsWith('chat:') || identity !== null) return null;
  const room = await findRoom(deps.db, ch.slice('chat:'.length));
  return room?.membersOnly ? { code: Errors.CHAT_MEMBERS_ONLY.code, msg: Errors.CHAT_MEMBERS_ONLY.msg } : null;
};

/** How often the demo anchors move on from finished matches and go on air with live ones. */
const ROTA_EVERY_MS = 60_000;

export const liveModule: Module = {
  name: 'live',
  async install(app, deps) {
    await app.register(fastifyStatic, { root: LIVE_ASSETS_DIR, prefix: '/assets/live/', decorateReply: false, maxAge: '7d', index: false });
    chatRoutes(app, deps);
    moderationRoutes(app, deps);
    anchorRoutes(app, deps);
    streamRoutes(app, deps);
  },
  channelGuard: membersOnlyRooms,
  async seed(deps) {
    await seedDemoGifts(deps.db);
    await seedDemoAnchors(deps);
  },
  async start(deps) {
    return every(
      ROTA_EVERY_MS,
      () => rotateDemoAnchors(deps),
      (err) => deps.log.error({ err }, 'live: demo anchor rota failed'),
    );
  },
};
