import type { GameEvent } from '../../src/core/events';
import { SEATS } from '../../src/core/seats';
import { TILES } from '../../src/core/tiles';

/**
 * The game the amendment crash proof fixes over and over (tools/security/crash-amend.ts): 40
 * discards in turn, no kind more than twice. Amendment n (from 0) is two changes in one: event
 * 20 becomes Flower (n even) or its own tile again (n odd), and a discard is put in before event
 * 30 (n even) or dropped again (n odd). So after n amendments the game is known exactly, and a
 * mix of old and new (one change without the other) shows.
 */
export const ORIGINAL: GameEvent[] = Array.from({ length: 40 }, (_, i) => ({
  type: 'discard',
  seat: SEATS[i % 4]!,
  tile: TILES.filter((t) => t !== 'J')[i % 35]!,
}));

export const changesOf = (n: number): { at: number; action: 'replace' | 'insert' | 'delete'; event?: GameEvent }[] =>
  n % 2 === 0
    ? [
        { at: 20, action: 'replace', event: { type: 'discard', seat: SEATS[19 % 4]!, tile: 'F' } },
        // North's, out of turn: South's discard after it stays hers (a typed discard the insert left out of turn would be refused).
        { at: 30, action: 'insert', event: { type: 'discard', seat: SEATS[31 % 4]!, tile: 'G' } },
      ]
    : [
        { at: 20, action: 'replace', event: ORIGINAL[19]! },
        { at: 30, action: 'delete' },
      ];

/** The game after `n` amendments. */
export const gameAfter = (n: number): GameEvent[] =>
  n % 2 === 0
    ? ORIGINAL
    : [...ORIGINAL.slice(0, 19), changesOf(0)[0]!.event!, ...ORIGINAL.slice(20, 29), changesOf(0)[1]!.event!, ...ORIGINAL.slice(29)];
