import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromMinor, NIUNIU_HOLD_MULTIPLE, toMinor, type NiuniuRound } from '@bp/contract';
import { rowsOf, type Db, type Tx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { closeRound, openRound, openRoundsOf, sandboxVenue, venueStanding } from '../casino/index.ts';
import { SandboxVenue, venueAdapter } from '../venue/index.ts';
import { bidFor, cardCode, dealTen, NIUNIU_RTP, parseCard, showdown, COMMISSION_PERCENT, type Showdown } from './niuniu.ts';

/** 抢庄牛牛 plays at 开元棋牌 (KY), from the member's balance there. */
export const NIUNIU_VENUE = 'KY';
const GAME = { apiName: NIUNIU_VENUE, kind: 'chess' as const, gameCode: 'ky-qznn', gameName: '抢庄牛牛' };
/** The bases the screen offers; any amount the hold covers may be played. */
const BASES = [1, 5, 10, 50, 100];
/** A hand left without a bid this long is settled as 不抢 (the money it holds comes back). */
export const IDLE_HAND_MS = 10 * 60_000;

interface HandRow {
  round_id: string;
  member_id: unknown;
  base_minor: unknown;
  held_minor: unknown;
  member_cards: string[];
  house_cards: string[];
  house_bid: number;
  coin: number;
  member_bid: number | null;
  status: 'open' | 'settled';
}

const handOf = async (tx: Tx | Db, roundId: string, memberId: number, lock = false): Promise<HandRow | undefined> =>
  (
    await rowsOf<HandRow>(tx, sql`SELECT * FROM chess_niuniu_hands WHERE round_id = ${roundId} AND member_id = ${memberId} ${lock ? sql`FOR UPDATE` : sql``}`)
  )[0];

const openHandOf = async (db: Db, memberId: number): Promise<HandRow | undefined> =>
  (await rowsOf<HandRow>(db, sql`SELECT * FROM chess_niuniu_hands WHERE member_id = ${memberId} AND status = 'open'`))[0];

/** What the member sees of a hand waiting for the bid: four of the five cards. */
function bidding(hand: HandRow, balanceMinor: bigint): NiuniuRound {
  return {
    roundId: hand.round_id,
    status: 'bidding',
    base: fromMinor(BigInt(hand.base_minor as string)),
    held: fromMinor(BigInt(hand.held_minor as string)),
    cards: hand.member_cards.slice(0, 4),
    memberBid: null,
    houseBid: null,
    banker: null,
    bankerMultiple: null,
    member: null,
    house: null,
    won: null,
    amount: null,
    net: null,
    balance: fromMinor(balanceMinor),
  };
}

const visible = ({ strength: _s, tiebreak: _t, ...hand }: Showdown['member']) => hand;

function settled(hand: HandRow, memberBid: number, s: Showdown, balanceMinor: bigint): NiuniuRound {
  return {
    ...bidding(hand, balanceMinor),
    status: 'settled',
    cards: hand.member_cards,
    memberBid,
    houseBid: hand.house_bid,
    banker: s.banker,
    bankerMultiple: s.bankerMultiple,
    member: visible(s.member),
    house: visible(s.house),
    won: s.won,
    amount: fromMinor(s.amountMinor),
    net: fromMinor(s.payoutMinor - s.amountMinor),
  };
}

export async function niuniuInfo(db: Db, memberId: number) {
  const [standing, open] = await Promise.all([venueStanding(db, NIUNIU_VENUE, memberId), openHandOf(db, memberId)]);
  return {
    ...standing,
    bases: BASES,
    holdMultiple: NIUNIU_HOLD_MULTIPLE,
    commission: Number(COMMISSION_PERCENT) / 100,
    rtp: NIUNIU_RTP,
    round: open ? bidding(open, toMinor(standing.balance)) : null,
  };
}

export interface Player {
  memberId: number;
  siteId: number;
}

/**
 * Deals a round: 20 × the base is held from the member's KY balance (the most the round can lose),
 * the round is opened in the game records, both hands and the house's bid are fixed. One round
 * open at a time: the member's turn (an advisory lock) makes twin deals queue; a repeated key
 * answers the first deal.
 */
export async function deal(db: Db, p: Player, key: IdempotencyKey, amount: number): Promise<NiuniuRound> {
  const venue = await sandboxVenue(db, NIUNIU_VENUE);
  const baseMinor = toMinor(amount);
  const heldMinor = baseMinor * BigInt(NIUNIU_HOLD_MULTIPLE);
  return once(db, p.memberId, key, { deal: amount }, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`niuniu:${p.memberId}`}, 0))`);
    if ((await rowsOf(tx, sql`SELECT 1 FROM chess_niuniu_hands WHERE member_id = ${p.memberId} AND status = 'open'`)).length) fail('NIUNIU_ROUND_OPEN');
    const balance = (await venue.play(p.memberId, heldMinor, 0n, tx)) ?? fail('NIUNIU_BALANCE_SHORT');
    const cards = dealTen();
    const memberCards = cards.slice(0, 5).map(cardCode);
    const houseCards = cards.slice(5).map(cardCode);
    const roundId = `KY-NN-${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
    const [hand] = await rowsOf<HandRow>(
      tx,
      sql`
      INSERT INTO chess_niuniu_hands (round_id, member_id, base_minor, held_minor, member_cards, house_cards, house_bid, coin)
      VALUES (${roundId}, ${p.memberId}, ${baseMinor.toString()}, ${heldMinor.toString()}, ${JSON.stringify(memberCards)}::jsonb,
              ${JSON.stringify(houseCards)}::jsonb, ${bidFor(cards.slice(5, 9))}, ${randomInt(2)})
      RETURNING *`,
    );
    const opening = { ...GAME, roundId, memberId: p.memberId, siteId: p.siteId, stakeMinor: heldMinor, balanceBeforeMinor: balance + heldMinor };
    await openRound(tx, { ...opening, detail: { base: amount, held: fromMinor(heldMinor), cards: memberCards.slice(0, 4) } });
    return bidding(hand, balance);
  });
}

/**
 * Settles a hand with the member's bid, in the caller's transaction with the hand's row locked: the
 * hold comes back less what the member lost, or with what it won less the commission; the round is
 * closed with what changed hands as its stake.
 */
async function settle(tx: Tx, db: Db, hand: HandRow, memberBid: number): Promise<NiuniuRound> {
  const memberId = Number(hand.member_id);
  const s = showdown(
    BigInt(hand.base_minor as string),
    hand.member_cards.map(parseCard),
    hand.house_cards.map(parseCard),
    memberBid,
    hand.house_bid,
    hand.coin,
  );
  const held = BigInt(hand.held_minor as string);
  // Under maintenance too: a hand is always settled, its hold never kept.
  const venue = venueAdapter(db, NIUNIU_VENUE) as SandboxVenue;
  const balance = (await venue.play(memberId, 0n, held - s.amountMinor + s.payoutMinor, tx))!;
  await tx.execute(sql`
    UPDATE chess_niuniu_hands SET status = 'settled', member_bid = ${memberBid}, settled_at = now() WHERE round_id = ${hand.round_id}`);
  const detail = {
    cards: hand.member_cards,
    houseCards: hand.house_cards,
    memberHand: s.member.name,
    houseHand: s.house.name,
    memberBid,
    houseBid: hand.house_bid,
    banker: s.banker === 'member' ? '闲家抢庄成功' : '庄家（平台）',
    bankerMultiple: s.bankerMultiple,
    result: s.won ? '赢' : '输',
  };
  const closed = await closeRound(tx, hand.round_id, { stakeMinor: s.amountMinor, payoutMinor: s.payoutMinor, balanceAfterMinor: balance, detail });
  if (!closed) throw new Error(`niuniu round ${hand.round_id} was not open`);
  return settled(hand, memberBid, s, balance);
}

/** The member's bid on its hand (0 不抢 .. 4): the fifth card shown, the round settled. */
export async function bid(db: Db, p: Player, key: IdempotencyKey, roundId: string, memberBid: number): Promise<NiuniuRound> {
  return once(db, p.memberId, key, { roundId, bid: memberBid }, async (tx) => {
    const hand = (await handOf(tx, roundId, p.memberId, true)) ?? fail('NIUNIU_ROUND_UNKNOWN');
    if (hand.status !== 'open') fail('NIUNIU_ROUND_OVER');
    return settle(tx, db, hand, memberBid);
  });
}

/**
 * Hands left without a bid (the member went away, the server stopped) are settled as 不抢, so no
 * hold stays at the venue: at start, then as they pass IDLE_HAND_MS. Each in its own transaction,
 * the row locked: a bid arriving at once settles it first, and this one then skips it.
 */
export async function finishIdleHands(db: Db, before = new Date(Date.now() - IDLE_HAND_MS)): Promise<number> {
  let finished = 0;
  for (const round of await openRoundsOf(db, NIUNIU_VENUE, before)) {
    finished += await db.transaction(async (tx) => {
      const hand = await handOf(tx, round.roundId, round.memberId, true);
      if (!hand || hand.status !== 'open') return 0;
      await settle(tx, db, hand, 0);
      return 1;
    });
  }
  return finished;
}
