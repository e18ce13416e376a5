import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { apply, newGame, replayGame, type GameState } from '../../src/core/game';
import { SEATS, type Seat } from '../../src/core/seats';
import { TILES, copiesOf, type Tile } from '../../src/core/tiles';
import { setupOf } from './game-helpers';

const seat = fc.constantFrom<Seat>(...SEATS);
const tile = fc.constantFrom<Tile>(...TILES);
// Plausible table events, weighted towards play so streams get deep into a game.
const event: fc.Arbitrary<GameEvent> = fc
  .oneof(
    { weight: 10, arbitrary: fc.record({ type: fc.constant('discard' as const), seat, tile }) },
    { weight: 3, arbitrary: fc.record({ type: fc.constant('pick' as const), seat }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('rack' as const), seat, tap: fc.boolean() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant('call' as const),
        seat,
        exposure: fc.array(fc.oneof(tile, fc.constant<Tile>('J')), { minLength: 2, maxLength: 6 }),
        together: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('call' as const), seat, mahjong: fc.constant(true as const), together: fc.boolean() }),
    },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('jokerExchange' as const), seat, from: seat, tile }) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('dead' as const),
        seat,
        by: fc.option(seat, { nil: undefined }),
        upheld: fc.option(fc.boolean(), { nil: undefined }),
        disputed: fc.option(fc.boolean(), { nil: undefined }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('mahjong' as const),
        seat,
        value: fc.integer({ min: 1, max: 100 }),
        jokerless: fc.boolean(),
        selfPick: fc.option(fc.boolean(), { nil: undefined }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('mahjongInError' as const), seat, exposed: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('bet' as const), on: seat }) },
    { weight: 1, arbitrary: fc.constant<GameEvent>({ type: 'wallGame' }) },
    { weight: 2, arbitrary: fc.constant<GameEvent>({ type: 'retract' }) },
  )
  .map((e) => JSON.parse(JSON.stringify(e)) as GameEvent); // drop undefined fields, as a record file would

const setups = fc.record({ players: fc.constantFrom<3 | 4>(3, 4), bettor: fc.boolean() }).map((o) => setupOf(o));

describe('reducer properties', () => {
  test('replaying any prefix never throws; apply never mutates its input; invariants hold', () => {
    fc.assert(
      fc.property(setups, fc.array(event, { maxLength: 60 }), (setup, events) => {
        let s: GameState = newGame(setup);
        let discards = 0;
        let calledTiles = 0;
        for (const e of events) {
          const before = JSON.stringify(s);
          const r = apply(s, e);
          expect(JSON.stringify(s)).toBe(before);
          if (!r.ok) {
            expect(r.error.code).toMatch(/^ERR_/);
            expect(r.error.message.length).toBeGreaterThan(5);
            continue;
          }
          s = r.value;
          // Counted against the log, not against the counter's own sum: no more tiles on the
          // floor than discards accepted, none exposed without a call, and each kind's copies.
          if (e.type === 'discard') discards++;
          if (e.type === 'call' && 'exposure' in e) calledTiles += e.exposure.length;
          expect(TILES.reduce((n, t) => n + s.tiles[t].discarded, 0)).toBeLessThanOrEqual(discards);
          expect(TILES.reduce((n, t) => n + s.tiles[t].exposed, 0)).toBeLessThanOrEqual(calledTiles);
          for (const t of TILES) expect(s.tiles[t].discarded + s.tiles[t].exposed).toBeLessThanOrEqual(copiesOf(t));
          for (const t of TILES) expect(s.tiles[t].unseen).toBeGreaterThanOrEqual(0);
          expect(s.wallRemaining).toBeGreaterThanOrEqual(0);
          expect(s.wallRemaining).toBeLessThanOrEqual(setup.players === 4 ? 99 : 112);
          expect(s.seats).toContain(s.turn);
        }
        // replayGame over every prefix does not throw and stops at the first refused event.
        for (let n = 0; n <= events.length; n++) {
          const r = replayGame(events.slice(0, n), setup);
          if (!r.ok) expect(r.error.index).toBeLessThan(n);
        }
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });

  test('the accepted events alone replay to the same state', () => {
    fc.assert(
      fc.property(setups, fc.array(event, { maxLength: 40 }), (setup, events) => {
        let s: GameState = newGame(setup);
        for (const e of events) {
          const r = apply(s, e);
          if (r.ok) s = r.value;
        }
        const again = replayGame(s.log, setup);
        expect(again.ok).toBe(true);
        if (again.ok) expect(JSON.stringify(again.value)).toBe(JSON.stringify(s));
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
