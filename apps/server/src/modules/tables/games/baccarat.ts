import { baccaratValue, type BaccaratOutcome } from '@bp/contract';

/** A hand's points: the sum of its cards' values, tens dropped. */
export const pointsOf = (cards: string[]): number => cards.reduce((sum, c) => sum + baccaratValue(c), 0) % 10;

/** Whether the player draws a third card on two-card points (Punto Banco tableau): 0-5 draws, 6-7 stands. */
export const playerDraws = (points: number): boolean => points <= 5;

/**
 * Whether the banker draws on two-card points `banker`, given the player's third card's value
 * (null when the player stood): with no third player card the banker draws on 0-5; otherwise 0-2
 * draw, 3 draws unless the player's third card is an 8, 4 on 2-7, 5 on 4-7, 6 on 6-7, 7 stands.
 */
export function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/** One coup from `next` (the shoe's next card): player, banker, player, banker, then the third cards by the tableau. */
export function dealBaccarat(next: () => string): BaccaratOutcome {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  let order = 'pbpb';
  const p2 = pointsOf(player);
  const b2 = pointsOf(banker);
  // A natural (8 or 9 on either side) ends the coup.
  if (p2 < 8 && b2 < 8) {
    let playerThird: number | null = null;
    if (playerDraws(p2)) {
      const card = next();
      player.push(card);
      order += 'p';
      playerThird = baccaratValue(card);
    }
    if (bankerDraws(b2, playerThird)) {
      banker.push(next());
      order += 'b';
    }
  }
  const playerTotal = pointsOf(player);
  const bankerTotal = pointsOf(banker);
  return {
    game: 'baccarat',
    player,
    banker,
    order,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: player[0][0] === player[1][0],
    bankerPair: banker[0][0] === banker[1][0],
  };
}
