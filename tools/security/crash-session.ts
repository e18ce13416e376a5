// The deterministic session the crash proof records: what event `seq` of game `number` must be,
// so a reopened file can be checked event by event (nothing half-written, nothing out of place).
import type { GameEvent } from '../../src/core/events';

export const GAMES_PER_SESSION = 5;
export const EVENTS_PER_GAME = 100;
export const SEATING = ['Ann', 'Bea', 'Cy', 'Dot'];
const SEATS = ['E', 'S', 'W', 'N'] as const;
const TILES = ['1B', '5C', '9D', 'N', 'R', '0', 'F', '3B', '7C'] as const;

export const expectedEvent = (gameNumber: number, seq: number): GameEvent => {
  const k = seq + gameNumber * 7;
  const seat = SEATS[(seq >> 1) % 4]!;
  // A long, varied payload makes a torn write visible (a 4 KiB page boundary falls mid-row).
  return seq % 2 === 1
    ? { type: 'pick', seat }
    : { type: 'discard', seat, tile: TILES[k % TILES.length]!, ...(k % 5 === 0 ? { named: TILES[(k + 1) % TILES.length]! } : {}) };
};
