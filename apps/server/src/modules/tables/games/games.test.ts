import { describe, expect, it } from 'vitest';
import { baccaratReturn, bigRoad, beadPlate, dragonTigerReturn, isTableSpot, rouletteReturn, type BaccaratOutcome } from '@bp/contract';
import { bankerDraws, dealBaccarat, playerDraws, pointsOf } from './baccarat.ts';
import { dealDragonTiger } from './dragon-tiger.ts';
import { decksOf, newShoe } from './cards.ts';

/** Deals from a scripted list of cards. */
const from = (cards: string[]) => {
  let i = 0;
  return () => cards[i++];
};

/**
 * The Punto Banco tableau, as printed on the layout: the banker's two-card total (rows 0-7) against
 * the player's third card (columns: none, then 0-9). D draws, S stands.
 */
const TABLEAU: Record<number, string> = {
  //   none 0 1 2 3 4 5 6 7 8 9
  0: 'D DDDDDDDDDD',
  1: 'D DDDDDDDDDD',
  2: 'D DDDDDDDDDD',
  3: 'D DDDDDDDDSD',
  4: 'D SSDDDDDDSS',
  5: 'D SSSSDDDDSS',
  6: 'S SSSSSSDDSS',
  7: 'S SSSSSSSSSS',
};

describe('baccarat drawing rules', () => {
  it('the player draws on 0-5 and stands on 6-7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
  });

  it('the banker follows the tableau for every total 0-7 and every player third card (or none)', () => {
    for (let banker = 0; banker <= 7; banker++) {
      const [none, , ...byCard] = TABLEAU[banker];
      expect(bankerDraws(banker, null), `banker ${banker}, player stood`).toBe(none === 'D');
      for (let third = 0; third <= 9; third++) expect(bankerDraws(banker, third), `banker ${banker}, player's third ${third}`).toBe(byCard[third] === 'D');
    }
  });

  // Every player 0-7 against every banker 0-7 and each player third card: the deal itself follows the rules.
  const two = (total: number) => (total === 0 ? ['Ks', 'Qh'] : total === 1 ? ['As', 'Kh'] : ['As', `${total - 1}h`]);
  const card = (value: number) => (value === 0 ? 'Td' : value === 1 ? 'Ad' : `${value}d`);
  for (let p = 0; p <= 7; p++) {
    for (let b = 0; b <= 7; b++) {
      it(`player ${p} / banker ${b}: cards dealt by the tableau`, () => {
        for (let third = 0; third <= 9; third++) {
          const [p1, p2] = two(p);
          const [b1, b2] = two(b);
          const o = dealBaccarat(from([p1, b1, p2, b2, card(third), '5c']));
          const playerDrew = p <= 5;
          expect(o.player.length).toBe(playerDrew ? 3 : 2);
          const bankerDrew = bankerDraws(b, playerDrew ? third : null);
          expect(o.banker.length).toBe(bankerDrew ? 3 : 2);
          if (bankerDrew) expect(o.banker[2]).toBe(playerDrew ? '5c' : card(third));
          expect(o.order).toBe(`pbpb${playerDrew ? 'p' : ''}${bankerDrew ? 'b' : ''}`);
          expect(o.playerTotal).toBe(pointsOf(o.player));
          expect(o.bankerTotal).toBe(pointsOf(o.banker));
        }
      });
    }
  }

  it('a natural 8 or 9 on either side stands both hands', () => {
    expect(dealBaccarat(from(['4s', '2h', '4h', '3d', '9c', '9c'])).order).toBe('pbpb');
    expect(dealBaccarat(from(['2s', '4h', '3h', '5d', '9c', '9c']))).toMatchObject({ order: 'pbpb', playerTotal: 5, bankerTotal: 9, winner: 'banker' });
  });

  it('tens and faces count 0, pairs are same-rank first two cards', () => {
    const o = dealBaccarat(from(['Ks', 'Qh', 'Kd', '9c', '7c', '2c']));
    expect(o).toMatchObject({
      player: ['Ks', 'Kd'],
      banker: ['Qh', '9c'],
      playerTotal: 0,
      bankerTotal: 9,
      winner: 'banker',
      playerPair: true,
      bankerPair: false,
    });
    const drawn = dealBaccarat(from(['Ks', 'Qh', 'Kd', '6c', '7c', '2c']));
    expect(drawn).toMatchObject({ player: ['Ks', 'Kd', '7c'], banker: ['Qh', '6c', '2c'], playerTotal: 7, bankerTotal: 8, winner: 'banker' });
  });
});

describe('payouts per bet kind', () => {
  const bac = (winner: BaccaratOutcome['winner'], pairs: [boolean, boolean] = [false, false]): BaccaratOutcome => ({
    game: 'baccarat',
    player: [],
    banker: [],
    order: '',
    playerTotal: 0,
    bankerTotal: 0,
    winner,
    playerPair: pairs[0],
    bankerPair: pairs[1],
  });
  it('baccarat: player 1:1, banker 0.95:1, tie 8:1 and pushes player and banker, pairs 11:1', () => {
    expect(baccaratReturn('player', 1000n, bac('player'))).toBe(2000n);
    expect(baccaratReturn('player', 1000n, bac('banker'))).toBe(0n);
    expect(baccaratReturn('banker', 1000n, bac('banker'))).toBe(1950n);
    expect(baccaratReturn('banker', 1001n, bac('banker'))).toBe(1951n); // commission rounded in the house's favour: 9.509 -> 9.50
    expect(baccaratReturn('player', 1000n, bac('tie'))).toBe(1000n);
    expect(baccaratReturn('banker', 1000n, bac('tie'))).toBe(1000n);
    expect(baccaratReturn('tie', 1000n, bac('tie'))).toBe(9000n);
    expect(baccaratReturn('tie', 1000n, bac('player'))).toBe(0n);
    expect(baccaratReturn('player_pair', 1000n, bac('banker', [true, false]))).toBe(12000n);
    expect(baccaratReturn('banker_pair', 1000n, bac('banker', [true, false]))).toBe(0n);
    expect(baccaratReturn('banker_pair', 1000n, bac('tie', [false, true]))).toBe(12000n);
  });
  it('dragon tiger: 1:1, half back on a tie, tie 8:1; A low, K high', () => {
    const dragon = dealDragonTiger(from(['Ks', 'Qh']));
    const tie = dealDragonTiger(from(['7s', '7d']));
    expect(dragon.winner).toBe('dragon');
    expect(dealDragonTiger(from(['As', '2h'])).winner).toBe('tiger');
    expect(dragonTigerReturn('dragon', 1000n, dragon)).toBe(2000n);
    expect(dragonTigerReturn('tiger', 1000n, dragon)).toBe(0n);
    expect(dragonTigerReturn('dragon', 1000n, tie)).toBe(500n);
    expect(dragonTigerReturn('tiger', 1001n, tie)).toBe(500n);
    expect(dragonTigerReturn('tie', 1000n, tie)).toBe(9000n);
    expect(dragonTigerReturn('tie', 1000n, dragon)).toBe(0n);
  });
  it('roulette: straight 35:1, split 17:1, dozens and columns 2:1, even chances 1:1, zero loses outside bets', () => {
    const at = (number: number) => ({ game: 'roulette' as const, number });
    expect(rouletteReturn('straight:17', 100n, at(17))).toBe(3600n);
    expect(rouletteReturn('straight:0', 100n, at(0))).toBe(3600n);
    expect(rouletteReturn('straight:17', 100n, at(18))).toBe(0n);
    expect(rouletteReturn('split:17-20', 100n, at(20))).toBe(1800n);
    expect(rouletteReturn('split:0-2', 100n, at(0))).toBe(1800n);
    expect(rouletteReturn('dozen:2', 100n, at(24))).toBe(300n);
    expect(rouletteReturn('dozen:3', 100n, at(24))).toBe(0n);
    expect(rouletteReturn('column:1', 100n, at(34))).toBe(300n);
    expect(rouletteReturn('column:3', 100n, at(36))).toBe(300n);
    expect(rouletteReturn('red', 100n, at(1))).toBe(200n);
    expect(rouletteReturn('black', 100n, at(2))).toBe(200n);
    expect(rouletteReturn('odd', 100n, at(35))).toBe(200n);
    expect(rouletteReturn('even', 100n, at(36))).toBe(200n);
    expect(rouletteReturn('low', 100n, at(18))).toBe(200n);
    expect(rouletteReturn('high', 100n, at(19))).toBe(200n);
    for (const spot of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen:1', 'column:1']) expect(rouletteReturn(spot, 100n, at(0)), spot).toBe(0n);
  });
  it('spots of each table: splits only between neighbours on the layout', () => {
    expect(isTableSpot('roulette', 'split:17-20')).toBe(true);
    expect(isTableSpot('roulette', 'split:3-4')).toBe(false);
    expect(isTableSpot('roulette', 'split:0-3')).toBe(true);
    expect(isTableSpot('roulette', 'split:20-17')).toBe(false);
    expect(isTableSpot('roulette', 'straight:37')).toBe(false);
    expect(isTableSpot('roulette', 'straight:07')).toBe(false);
    expect(isTableSpot('roulette', 'dozen:4')).toBe(false);
    expect(isTableSpot('baccarat', 'dragon')).toBe(false);
    expect(isTableSpot('dragon-tiger', 'tie')).toBe(true);
  });
});

describe('the shoe', () => {
  it('holds 8 full decks, shuffled, cut 14-16 from the end, its burn by the first card', () => {
    const shoe = newShoe();
    expect(shoe.cards.length).toBe(416);
    expect([...shoe.cards].sort()).toEqual(decksOf(8).sort());
    expect(shoe.cards.length - shoe.cutAt).toBeGreaterThanOrEqual(14);
    expect(shoe.cards.length - shoe.cutAt).toBeLessThanOrEqual(16);
    const first = 'A23456789TJQK'.indexOf(shoe.cards[0][0]) + 1;
    expect(shoe.position).toBe(1 + Math.min(first, 10));
  });
});

describe('roads', () => {
  const P = { winner: 'player' as const };
  const B = { winner: 'banker' as const };
  const T = { winner: 'tie' as const };
  it('珠盘路 fills six rows down, then the next column', () => {
    const cells = beadPlate([P, B, T, P, P, B, B]);
    expect(cells.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
    ]);
  });
  it('大路: a column per run, ties on the hand before, the dragon tail turns right at the bottom', () => {
    const cells = bigRoad([T, B, B, T, T, P, B, B, B, B, B, B, B, B, P]);
    expect(cells.map((c) => [c.winner[0], c.col, c.row, c.ties])).toEqual([
      ['b', 0, 0, 1],
      ['b', 0, 1, 2],
      ['p', 1, 0, 0],
      ['b', 2, 0, 0],
      ['b', 2, 1, 0],
      ['b', 2, 2, 0],
      ['b', 2, 3, 0],
      ['b', 2, 4, 0],
      ['b', 2, 5, 0],
      ['b', 3, 5, 0],
      ['b', 4, 5, 0],
      ['p', 3, 0, 0],
    ]);
  });
});
