import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, copiesOf, replayGame, RuleCode, tileName, type GameEvent, type GameState, type Seat, type Tile } from '../../src/core';
import { referee, setupOf } from '../../tools/sim/check';
import { simulateGame } from '../../tools/sim/game';
import { agrees } from '../../tools/sim/truth';

/**
 * Mutations of legal simulated games are refused with a sentence a player understands, and
 * nothing changes: the state is the same and the legal game goes on from it as before.
 */
const sentence = (m: string): void => {
  expect(m).toMatch(/^[A-Z][^\n]*[a-z)]/);
  expect(m).not.toMatch(/zod|expected|undefined|\[object|NaN/i);
};

/** Apply a mutation that must be refused; the state must not change. */
const refused = (s: GameState, e: GameEvent, code?: RuleCode): string => {
  const before = JSON.stringify(s);
  const r = apply(s, e);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(e)}`);
  if (code) expect(r.error.code).toBe(code);
  sentence(r.error.message);
  expect(JSON.stringify(s)).toBe(before);
  return r.error.message;
};

const must = (s: GameState, e: GameEvent): GameState => {
  const r = apply(s, e);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(e)}: ${r.error.message}`);
  return r.value;
};

/** A legal game and the state after a random discard of it, the game still in progress (it ends on its last event). */
const gameAt = (seed: number, pos: number) => {
  const g = simulateGame(seed);
  const discards = g.events.map((e, i) => (e.type === 'discard' && i < g.events.length - 1 ? i : -1)).filter((i) => i >= 0);
  const at = discards[Math.floor(pos * discards.length)]!;
  return { g, at, s: stateAfter(g, at) };
};

/** The engine's state after event `i` of a simulated game, which must agree with the truth. */
const stateAfter = (g: ReturnType<typeof simulateGame>, i: number): GameState => {
  const r = replayGame(g.events.slice(0, i + 1), setupOf(g));
  if (!r.ok) throw new Error(`seed ${g.seed}: event ${r.error.index}: ${r.error.error.message}`);
  expect(agrees(r.value, g.truths[i]!)).toBe(true);
  return r.value;
};

const inSight = (s: GameState, t: Tile): number => s.tiles[t].discarded + s.tiles[t].exposed;
const RUNS = 120;
const seedArb = fc.integer({ min: 1, max: 0x7fffffff });
const posArb = fc.double({ min: 0, max: 0.999, noNaN: true });

describe('mutations of a legal game', () => {
  it('a fifth copy is refused, naming the tile', () => {
    fc.assert(
      fc.property(seedArb, posArb, (seed, pos) => {
        let { s } = gameAt(seed, pos);
        // The kind most in sight, then discards of it by the players in turn up to all four.
        const kinds = (Object.keys(s.tiles) as Tile[]).filter((t) => t !== 'J' && t !== 'F');
        const t = kinds.reduce((a, b) => (inSight(s, b) > inSight(s, a) ? b : a));
        if (s.wallRemaining <= copiesOf(t)) return; // each discard below takes a pick
        while (inSight(s, t) < copiesOf(t)) s = must(s, { type: 'discard', seat: s.turn, tile: t });
        const m = refused(s, { type: 'discard', seat: s.turn, tile: t });
        expect(m).toContain(tileName(t));
        for (const k of kinds) expect(s.tiles[k].unseen).toBeGreaterThanOrEqual(0);
      }),
      { seed: 1303, numRuns: RUNS },
    );
  });

  it('a call of a joker is refused', () => {
    fc.assert(
      fc.property(seedArb, posArb, (seed, pos) => {
        let { s } = gameAt(seed, pos);
        if (inSight(s, 'J') >= 8) return;
        s = must(s, { type: 'discard', seat: s.turn, tile: 'J' });
        const caller = s.seats.find((x) => x !== s.live!.seat && s.dead[x] === null) as Seat;
        refused(s, { type: 'call', seat: caller, exposure: ['J', 'J', 'J'] }, RuleCode.CallJoker);
      }),
      { seed: 1304, numRuns: RUNS },
    );
  });

  it('a discard by a dead hand is refused, and the game goes on as before', () => {
    fc.assert(
      fc.property(seedArb, posArb, (seed, pos) => {
        const { g, s } = gameAt(seed, pos);
        const victim = s.seats.find((x) => x !== s.turn && s.dead[x] === null)!;
        const dead = must(s, { type: 'dead', seat: victim, cause: 'wrong-count' });
        if (dead.status !== 'in-progress') return; // two dead in a 3-player game end it (§3.8)
        const t = (Object.keys(dead.tiles) as Tile[]).find((k) => dead.tiles[k].unseen > 0)!;
        refused(dead, { type: 'discard', seat: victim, tile: t }, RuleCode.DeadPlayer);
        // In the simulated game itself: a dead hand's discard is refused and the game goes on.
        // A dead hand the game goes on after (not the one that made three dead).
        const d = g.events.findIndex((e, i) => e.type === 'dead' && g.truths[i]!.status === 'in-progress' && i + 1 < g.events.length);
        if (d < 0) return;
        const seat = (g.events[d] as { seat: Seat }).seat;
        const atDead = stateAfter(g, d);
        refused(atDead, { type: 'discard', seat, tile: t }, RuleCode.DeadPlayer);
        const next = must(atDead, g.events[d + 1]!);
        expect(agrees(next, g.truths[d + 1]!)).toBe(true);
      }),
      { seed: 1305, numRuns: RUNS },
    );
  });

  it('a call after the window closed is refused, and the game goes on as before', () => {
    let checked = 0;
    fc.assert(
      fc.property(seedArb, (seed) => {
        const g = simulateGame(seed);
        const { states } = referee(g);
        g.events.forEach((e, i) => {
          const s = states[i]!;
          if (e.type !== 'rack' || !s.live || s.live.tile === 'J' || s.status !== 'in-progress' || i + 1 >= g.events.length) return;
          // Not the racker: she has picked, which is refused for that reason (picked-claim.test.ts).
          const caller = s.seats.find((x) => x !== s.live!.seat && x !== e.seat && s.dead[x] === null);
          if (!caller) return;
          const m = refused(s, { type: 'call', seat: caller, exposure: [s.live.tile, s.live.tile, s.live.tile] }, RuleCode.WindowClosed);
          expect(m).toContain(tileName(s.live.tile));
          expect(agrees(must(s, g.events[i + 1]!), g.truths[i + 1]!)).toBe(true);
          checked++;
        });
      }),
      { seed: 1306, numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(RUNS);
  });
});
