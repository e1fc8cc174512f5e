import { describe, expect, it } from 'vitest';
import { NIUNIU_HANDS } from '@bp/contract';
import { bidFor, compareHands, dealTen, evaluate, parseCard, showdown } from './niuniu.ts';

const hand = (codes: string) => codes.split(' ').map(parseCard);
const kindOf = (codes: string) => evaluate(hand(codes));

describe('抢庄牛牛 rules', () => {
  it('names every hand by the ranking table, with its multiplier', () => {
    const table: Array<[string, string, string, number]> = [
      ['SA H2 C4 D8 S9', 'none', '无牛', 1],
      ['S3 H7 CK D4 S7', 'niu1', '牛一', 1],
      ['SK HQ CJ D2 S4', 'niu6', '牛六', 1],
      ['S10 H10 CJ D3 S4', 'niu7', '牛七', 2],
      ['S2 H8 CQ D4 S5', 'niu9', '牛九', 2],
      ['S2 H8 CQ D3 S7', 'niuniu', '牛牛', 3],
      ['SJ HQ CK DK SQ', 'wuhua', '五花牛', 4],
      ['S9 H9 C9 D9 SK', 'bomb', '炸弹', 4],
      ['SA H2 C2 D3 S2', 'wuxiao', '五小牛', 5],
    ];
    for (const [codes, kind, name, multiplier] of table) expect(kindOf(codes), codes).toMatchObject({ kind, name, multiplier });
    // 10 J Q K all count ten: three of them make 牛 and the rest names it.
    expect(kindOf('S10 HJ CQ D5 S5')).toMatchObject({ kind: 'niuniu', niuOf: [0, 1, 2] });
    // Five small cards over ten are no 五小牛.
    expect(kindOf('SA H2 C3 D4 S4').kind).toBe('niu4');
  });

  it('ranks hands as the table orders them, and equal hands by their highest card, then suit', () => {
    const order = ['SA H2 C4 D8 S9', 'S3 H7 CK D4 S7', 'S2 H8 CQ D4 S5', 'S2 H8 CQ D3 S7', 'SJ HQ CK DK SQ', 'S9 H9 C9 D9 SK', 'SA H2 C2 D3 S2'];
    const strengths = order.map((c) => kindOf(c).strength);
    expect(strengths).toEqual([...strengths].sort((a, b) => a - b));
    expect(NIUNIU_HANDS.indexOf(kindOf('SA H2 C2 D3 S2').kind)).toBe(NIUNIU_HANDS.length - 1);
    // Both 牛八: the one holding K beats the one whose highest is Q.
    expect(compareHands(kindOf('SK H3 C7 D4 S4'), kindOf('HQ D3 S7 C4 H4'))).toBeGreaterThan(0);
    // Both 牛牛 with K high: ♠K beats ♥K.
    expect(compareHands(kindOf('SK H2 C8 D3 S7'), kindOf('HK C2 D8 S3 H7'))).toBeGreaterThan(0);
    // Two 炸弹: the higher four wins, whatever the fifth card.
    expect(compareHands(kindOf('S9 H9 C9 D9 SA'), kindOf('S5 H5 C5 D5 SK'))).toBeGreaterThan(0);
  });

  it('the higher bid takes the bank at its multiple; the loser pays base × bank multiple × the winner’s hand multiplier; a win pays 5 % commission', () => {
    const niuniu = hand('S2 H8 CQ D3 S7');
    const none = hand('CA D2 C4 D8 H9');
    // The member bids 3, the house 1: the member banks at 3 and wins 牛牛 (×3): 100 × 3 × 3 = 900.
    const won = showdown(100n, niuniu, none, 3, 1, 1);
    expect(won).toMatchObject({ banker: 'member', bankerMultiple: 3, won: true, amountMinor: 900n, payoutMinor: 1755n });
    // The house bids 4 against 不抢 and wins with 牛牛: the member loses 100 × 4 × 3.
    const lost = showdown(100n, none, niuniu, 0, 4, 0);
    expect(lost).toMatchObject({ banker: 'house', bankerMultiple: 4, won: false, amountMinor: 1200n, payoutMinor: 0n });
    // Nobody bids: the coin drawn at the deal names the banker, at multiple 1.
    expect(showdown(100n, none, niuniu, 0, 0, 0)).toMatchObject({ banker: 'member', bankerMultiple: 1, amountMinor: 300n });
    expect(showdown(100n, none, niuniu, 2, 2, 1)).toMatchObject({ banker: 'house', bankerMultiple: 2, amountMinor: 600n });
    // The most a round can change hands is what the deal holds: 4 × 5 = 20 bases.
    expect(showdown(100n, hand('SA H2 C2 D3 S2'), none, 4, 0, 0).amountMinor).toBe(2000n);
  });

  it('deals ten distinct cards; the bid reads the chance of 牛七 or better from four cards', () => {
    const cards = dealTen().map((c) => `${c.suit}:${c.rank}`);
    expect(new Set(cards).size).toBe(10);
    // Four tens: the fifth card makes 牛七 or better half the time (7, 8, 9, a ten or a picture).
    expect(bidFor(hand('SK HQ CJ D10'))).toBe(3);
    expect(bidFor(hand('SA H2 C4 D8'))).toBeLessThan(bidFor(hand('SK HQ CJ D10')));
  });
});
