import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, replayGame, RuleCode, type GameEvent, type GameState, type Tile } from '../../src/core';
import { checkGame, referee, setupOf } from '../../tools/sim/check';
import { simulateGame, type Family, type SimGame } from '../../tools/sim/game';
import { recordedEvents, type PickMode } from '../../tools/sim/session';

/**
 * Issue 25, item 5: the simulator also plays and referees rival claims on one discard (mah jongg
 * over an exposure; between exposures the nearer in turn), misnamed and out-of-turn discards, mah
 * jongg in error and three dead hands, and the engine agrees with its truth after every event,
 * who pays alone and how three dead are settled included. Bounded: a few hundred games.
 */
const FAMILIES: Family[] = ['mahjong-over-exposure', 'nearer-exposure', 'misnamed', 'out-of-turn', 'mahjong-in-error', 'three-dead'];

const check = (g: SimGame, mode: PickMode): void => {
  const { events, from } = recordedEvents(g, mode);
  const { mismatch } = referee(
    g,
    events,
    from.map((i) => g.truths[i]!),
  );
  if (mismatch)
    throw new Error(
      `seed ${g.seed}, picks ${mode}: event ${mismatch.index} ${JSON.stringify(mismatch.event)}: ${mismatch.problems.join('; ')}`,
    );
};

/** The first seeds from `start` whose game plays `f` (bounded search). */
const seedsPlaying = (f: Family, n: number, start = 1): SimGame[] => {
  const out: SimGame[] = [];
  for (let seed = start; out.length < n && seed < start + 3000; seed++) {
    const g = simulateGame(seed);
    if (g.families.includes(f)) out.push(g);
  }
  return out;
};

describe('the simulator plays the table’s mistakes and rival claims, and the engine agrees', () => {
  it('25 random games: no refusal, no difference from the truth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.constantFrom<PickMode>('all', 'none', 'some'), (seed, mode) => {
        const { mismatch, states, events } = checkGame(seed, mode);
        if (mismatch)
          throw new Error(
            `seed ${seed}, picks ${mode}: event ${mismatch.index} ${JSON.stringify(mismatch.event)}: ${mismatch.problems.join('; ')}`,
          );
        expect(states).toHaveLength(events.length);
      }),
      { seed: 2501, numRuns: 25 },
    );
  });

  it.each(FAMILIES)('%s: games that play it agree with the truth, every pick recorded or none', (f) => {
    const games = seedsPlaying(f, 3);
    expect(games.length, f).toBe(3);
    for (const g of games) for (const mode of ['all', 'none'] as const) check(g, mode);
  });

  it('the settlements are exercised: three dead by rules (b), (c) and (e); misnamed and out-of-turn discards paid alone', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed < 3000 && seen.size < 5; seed++) {
      const g = simulateGame(seed);
      const last = g.truths.at(-1)!;
      if (last.threeDead) seen.add(`rule ${last.threeDead.rule}`);
      if (last.sole) seen.add(last.sole);
    }
    expect([...seen].sort()).toEqual(['misnamed', 'out-of-turn', 'rule b', 'rule c', 'rule e']);
  });

  it('with mistakes off a game is the plain game: the same events whenever the mistakes played nothing', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const g = simulateGame(seed);
      const plain = simulateGame(seed, { mistakes: false });
      expect(plain.families).toEqual([]);
      if (g.families.length === 0) expect(plain.events).toEqual(g.events);
    }
  });
});

describe('the three rulings on simulated games', () => {
  const stateAt = (g: SimGame, i: number): GameState => {
    const r = replayGame(g.events.slice(0, i + 1), setupOf(g));
    if (!r.ok) throw new Error(`seed ${g.seed}: ${r.error.error.message}`);
    return r.value;
  };

  it('a player who has picked cannot claim the discard before it; another player still can', () => {
    let checked = 0;
    for (let seed = 1; checked < 20; seed++) {
      const g = simulateGame(seed);
      g.events.forEach((e, i) => {
        if (e.type !== 'pick' || checked >= 20) return;
        const s = stateAt(g, i);
        if (!s.live || s.live.window !== 'open' || !s.live.claimable || s.status !== 'in-progress') return;
        const t = s.live.tile;
        const r = apply(s, { type: 'call', seat: e.seat, mahjong: true });
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code).toBe(RuleCode.AlreadyPicked);
        const other = s.seats.find((x) => x !== e.seat && x !== s.live!.seat && s.dead[x] === null);
        if (other) expect(apply(s, { type: 'call', seat: other, mahjong: true }).ok, `seed ${seed} ${t}`).toBe(true);
        checked++;
      });
    }
  });

  it('a hand dead for its own exposure takes exactly her latest exposure off the exposed counts', () => {
    let checked = 0;
    for (let seed = 1; checked < 20; seed++) {
      const g = simulateGame(seed);
      g.events.forEach((e, i) => {
        if (e.type !== 'call' || !('exposure' in e) || checked >= 20) return;
        const s = stateAt(g, i);
        const mine = s.exposures[e.seat];
        if (s.status !== 'in-progress' || s.dead[e.seat] !== null || mine.length === 0) return;
        const latest = mine.reduce((a, b) => (b.eventIndex > a.eventIndex ? b : a));
        const r = apply(s, { type: 'dead', seat: e.seat, cause: 'incorrect-exposure' });
        if (!r.ok) throw new Error(r.error.message);
        const count = (ts: readonly Tile[], t: Tile) => ts.filter((x) => x === t).length;
        for (const t of new Set(latest.tiles)) expect(r.value.tiles[t].exposed).toBe(s.tiles[t].exposed - count(latest.tiles, t));
        expect(r.value.exposures[e.seat]).toHaveLength(mine.length - 1);
        checked++;
      });
    }
  });

  it('three dead by rule (b) or (c) without the erring value is refused at its last event, naming the payer', () => {
    let checked = 0;
    for (let seed = 1; checked < 5 && seed < 5000; seed++) {
      const g = simulateGame(seed);
      const end = g.truths.at(-1)!.threeDead;
      if (!end || end.rule === 'e') continue;
      const events: GameEvent[] = g.events.map((e) =>
        e.type === 'mahjongInError' ? { type: 'mahjongInError', seat: e.seat, exposed: e.exposed } : e,
      );
      const r = replayGame(events, setupOf(g));
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.index).toBe(events.length - 1);
      expect(r.error.error.code).toBe(RuleCode.ThreeDeadValue);
      expect(r.error.error.message).toMatch(new RegExp(`rule ${end.rule}`));
      checked++;
    }
    expect(checked).toBe(5);
  });
});
