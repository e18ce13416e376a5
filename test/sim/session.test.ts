import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecord, replayGame, replaySession, TILES } from '../../src/core';
import { setupOf } from '../../tools/sim/check';
import { simulateGame } from '../../tools/sim/game';
import { sessionText, simulateSession, type PickMode } from '../../tools/sim/session';
import { agrees, countsOf } from '../../tools/sim/truth';

const sum = (o: Record<string, number>): number => Object.values(o).reduce((a, b) => a + b, 0);

describe('simulated sessions through the table record and replay', () => {
  it('replay agrees with the table at the end of every game, and payments sum to zero', () => {
    let won = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 0x7fffffff }),
        fc.constantFrom<3 | 4 | 5>(3, 4, 5),
        fc.constantFrom<PickMode>('all', 'none', 'some'),
        (seed, players, picks) => {
          const sim = simulateSession(seed, { players, games: 4, picks });
          const rec = parseRecord(sessionText(sim));
          if (!rec.ok) throw new Error(rec.error.message);
          const r = replaySession(rec.value);
          if (!r.ok) throw new Error(`seed ${seed}: game ${r.error.game}, event ${r.error.index}: ${r.error.message}`);
          r.value.games.forEach((game, i) => {
            const truth = sim.games[i]!.truths.at(-1)!;
            expect(game.status).toBe(truth.status);
            expect(game.wallRemaining).toBe(truth.wall);
            for (const t of TILES) expect(game.tiles[t]).toEqual(countsOf(truth, t));
            expect(sum(game.net)).toBe(0);
            if (game.status === 'mahjong') {
              won++;
              const winner = game.seating[game.winner!]!;
              expect(game.net[winner]).toBeGreaterThan(0);
              expect(game.payments.filter((p) => p.to === winner).length).toBeGreaterThan(0);
            } else if (truth.threeDead && truth.threeDead.rule !== 'e') {
              // Three dead after a mah jongg in error: the erring hand pays the survivor (RULES §8.4).
              expect(game.net[game.seating[truth.threeDead.payer!]!]).toBeLessThan(0);
            } else expect(game.payments).toEqual([]);
          });
          expect(sum(r.value.session.net)).toBe(0);
          expect(sum(r.value.session.cents)).toBe(0);
        },
      ),
      { seed: 1307, numRuns: 60 },
    );
    expect(won).toBeGreaterThan(100);
  });

  it('every prefix of a game replays, to the table as it was then (20 games)', () => {
    for (let seed = 500; seed < 520; seed++) {
      const g = simulateGame(seed);
      for (let k = 1; k <= g.events.length; k++) {
        const r = replayGame(g.events.slice(0, k), setupOf(g));
        if (!r.ok) throw new Error(`seed ${seed}, prefix ${k}: ${r.error.error.message}`);
        expect(agrees(r.value, g.truths[k - 1]!)).toBe(true);
      }
    }
  });
});
