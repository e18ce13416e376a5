import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referee } from '../../tools/sim/check';
import { simulateGame } from '../../tools/sim/game';
import { recordedEvents, type PickMode } from '../../tools/sim/session';

/**
 * The table simulator as the engine's referee (issue 13): 1,000 whole legal games, each recorded
 * with every pick, with none (implied by the discards) or with some, played event by event: the
 * engine refuses none of them and its state equals the simulator's truth after every event.
 */
const RUNS = 1000;

describe('the engine on 1,000 simulated games', () => {
  it('refuses no event of a legal game and agrees with the table after every event', () => {
    const seen = { games: 0, events: 0, interrupted: 0, mahjong: 0, wall: 0, exchanges: 0, quints: 0, dead: 0, threePlayers: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.constantFrom<PickMode>('all', 'none', 'some'), (seed, mode) => {
        const g = simulateGame(seed);
        const { events, from } = recordedEvents(g, mode);
        const { mismatch } = referee(
          g,
          events,
          from.map((i) => g.truths[i]!),
        );
        if (mismatch)
          throw new Error(
            `seed ${seed}, picks ${mode}: event ${mismatch.index} ${JSON.stringify(mismatch.event)}: ${mismatch.problems.join('; ')}`,
          );
        seen.games++;
        seen.events += events.length;
        seen.interrupted += g.interrupted.length;
        if (g.truths.at(-1)!.status === 'mahjong') seen.mahjong++;
        if (g.truths.at(-1)!.status === 'wall') seen.wall++;
        seen.exchanges += g.events.filter((e) => e.type === 'jokerExchange').length;
        seen.quints += g.events.filter((e) => e.type === 'call' && 'exposure' in e && e.exposure.length === 5).length;
        seen.dead += g.events.filter((e) => e.type === 'dead').length;
        if (g.players === 3) seen.threePlayers++;
      }),
      { seed: 1301, numRuns: RUNS },
    );
    // The games must actually exercise what the issue lists.
    expect(seen.games).toBe(RUNS);
    for (const k of ['interrupted', 'mahjong', 'wall', 'exchanges', 'quints', 'dead', 'threePlayers'] as const)
      expect(seen[k], k).toBeGreaterThan(0);
  });

  it('sends a pick a call interrupted back to the wall (RULES §4.3), and the wall count says so', () => {
    let checked = 0;
    for (let seed = 1; checked < 50; seed++) {
      const g = simulateGame(seed);
      const { states, mismatch } = referee(g);
      expect(mismatch).toBeNull();
      for (const i of g.interrupted) {
        const before = states[i - 1]!.wallRemaining;
        expect(g.events[i]).toMatchObject({ type: 'pick' });
        expect(states[i]!.wallRemaining).toBe(before - 1);
        const call = g.events.findIndex((e, j) => j > i && e.type !== 'pick');
        expect(['call', 'mahjong']).toContain(g.events[call]!.type);
        expect(states[call]!.wallRemaining).toBe(before);
        checked++;
      }
    }
  });

  it('the referee catches a wrong count (a check that can fail)', () => {
    const g = simulateGame(7);
    const truths = g.truths.map((t, i) => (i === 5 ? { ...t, wall: t.wall + 1 } : t));
    expect(referee(g, g.events, truths).mismatch?.index).toBe(5);
  });
});
