/**
 * The walls and the deal of one simulated game (RULES §2): the real 152-tile set shuffled from
 * a seed, four walls of 19 stacks x 2, East's dice break (her last 2d tiles are the last wall),
 * then the deal: three rounds of 4, East 2 more and the others 1 (E 14, others 13).
 */
import { copiesOf, seatsFor, TILES, type Seat, type Tile } from '../../src/core';
import { shuffled } from '../lib/random';

/** The whole set, 152 tiles, in display order. */
export const fullSet = (): Tile[] => TILES.flatMap((t) => Array.from({ length: copiesOf(t) }, () => t));

/** The wall in picking order: `next` is the index of the next tile to pick. */
export interface Wall {
  readonly tiles: readonly Tile[];
  next: number;
}

export const wallLeft = (w: Wall): number => w.tiles.length - w.next;

/** Pick the next tile (the caller checks the wall is not empty). */
export const pickFrom = (w: Wall): Tile => w.tiles[w.next++]!;

/** An interrupted pick goes back to its own spot (RULES §2.7, §4.3). */
export const putBack = (w: Wall, t: Tile): void => {
  w.next -= 1;
  if (w.tiles[w.next] !== t) throw new Error('simulator: a tile went back to the wrong spot');
};

export interface Deal {
  wall: Wall;
  hands: Partial<Record<Seat, Tile[]>>;
  dice: number;
}

/**
 * Build the walls from a shuffled set and deal. Walls are pushed out in picking order: East's
 * first, then North's, West's, South's (§2.5); East's last 2d tiles stay for the end (§2.3).
 */
export const buildAndDeal = (players: 3 | 4, rand: () => number): Deal => {
  const set = shuffled(fullSet(), rand);
  const dice = 1 + Math.floor(rand() * 6) + 1 + Math.floor(rand() * 6);
  const walls = [0, 1, 2, 3].map((i) => set.slice(i * 38, i * 38 + 38)); // E, N, W, S
  const east = walls[0]!;
  const order = [...east.slice(0, 38 - 2 * dice), ...walls[1]!, ...walls[2]!, ...walls[3]!, ...east.slice(38 - 2 * dice)];
  const wall: Wall = { tiles: order, next: 0 };
  const seats = seatsFor(players);
  const hands: Partial<Record<Seat, Tile[]>> = {};
  for (const s of seats) hands[s] = [];
  for (let round = 0; round < 3; round++) for (const s of seats) for (let k = 0; k < 4; k++) hands[s]!.push(pickFrom(wall));
  for (const s of seats) for (let k = 0; k < (s === 'E' ? 2 : 1); k++) hands[s]!.push(pickFrom(wall));
  return { wall, hands, dice };
};
