import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/core';
import { referee } from '../../tools/sim/check';
import { simulateGame } from '../../tools/sim/game';
import { recordedEvents } from '../../tools/sim/session';
import { engineView } from '../../tools/sim/truth';

/**
 * A pick is optional event by event (table-record spec: a discard by the player in turn implies
 * it): the same game recorded with every pick, with none, and with picks only sometimes gives the
 * same engine state after every discard.
 */
const afterDiscards = (g: ReturnType<typeof simulateGame>, mode: 'all' | 'none' | 'some', coin: number): string[] => {
  const { events } = recordedEvents(g, mode, coin);
  const played = referee(g, events, []);
  const out: string[] = [];
  let s: GameState | undefined;
  for (let i = 0; i < events.length; i++) {
    s = played.states[i];
    if (!s)
      throw new Error(
        `seed ${g.seed}, picks ${mode}: refused event ${i} ${JSON.stringify(events[i])}: ${played.mismatch?.problems.join('; ')}`,
      );
    if (events[i]!.type === 'discard') out.push(JSON.stringify({ ...engineView(s), picked: s.picked, lastWall: s.lastWall }));
  }
  return out;
};

describe('picks implied, explicit, or explicit only sometimes', () => {
  it('give the same state after every discard (150 games)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.integer(), (seed, coin) => {
        const g = simulateGame(seed);
        const all = afterDiscards(g, 'all', coin);
        expect(afterDiscards(g, 'none', coin)).toEqual(all);
        expect(afterDiscards(g, 'some', coin)).toEqual(all);
        expect(all.length).toBe(g.events.filter((e) => e.type === 'discard').length);
      }),
      { seed: 1302, numRuns: 150 },
    );
  });
});
