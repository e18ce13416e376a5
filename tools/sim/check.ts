/**
 * The referee: play a simulated game's events through the engine and compare its state with
 * the simulator's truth after every event. Used by the property tests and bench/sim.ts.
 */
import { apply, newGame, OFFICIAL_RULES, type GameEvent, type GameState } from '../../src/core';
import { simulateGame, type SimGame, type SimOptions } from './game';
import { recordedEvents, type PickMode } from './session';
import { agrees, differences, type Truth } from './truth';

export interface Mismatch {
  /** Position in the events played. */
  index: number;
  event: GameEvent;
  problems: string[];
}

export const setupOf = (g: Pick<SimGame, 'players' | 'bettor' | 'dice'>) => ({
  players: g.players,
  rules: OFFICIAL_RULES,
  bettor: g.bettor,
  dice: g.dice,
});

/**
 * Play `events` (truth `truths[i]` after `events[i]`) one at a time; stop at the first refusal
 * or difference (no comparison where a truth is undefined). Returns the states after each event and the first mismatch, if any.
 */
export const referee = (
  g: Pick<SimGame, 'players' | 'bettor' | 'dice' | 'events' | 'truths'>,
  events: readonly GameEvent[] = g.events,
  truths: readonly (Truth | undefined)[] = g.truths,
): { states: GameState[]; mismatch: Mismatch | null } => {
  let s = newGame(setupOf(g));
  const states: GameState[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const r = apply(s, e);
    if (!r.ok) return { states, mismatch: { index: i, event: e, problems: [`refused: ${r.error.message}`] } };
    s = r.value;
    states.push(s);
    const truth = truths[i];
    const problems = truth && !agrees(s, truth) ? differences(s, truth) : [];
    if (problems.length > 0) return { states, mismatch: { index: i, event: e, problems } };
  }
  return { states, mismatch: null };
};

/** One game as `checkGame` generated, recorded and refereed it. */
export interface CheckedGame {
  game: SimGame;
  /** The events as recorded (the picks `picks` keeps) and the truth after each. */
  events: GameEvent[];
  truths: Truth[];
  /** The engine's state after each event, up to the first mismatch. */
  states: GameState[];
  mismatch: Mismatch | null;
}

/**
 * The per-game check bench/sim.ts and the property tests run: simulate the game of `seed`, record
 * it with the picks `picks` keeps, referee every event. Other checks build on it (an amended game
 * must end where the game recorded right did: compare with `states.at(-1)` and its payments).
 */
export const checkGame = (seed: number, picks: PickMode, opts: SimOptions = {}): CheckedGame => {
  const game = simulateGame(seed, opts);
  const rec = recordedEvents(game, picks);
  const truths = rec.from.map((j) => game.truths[j]!);
  const { states, mismatch } = referee(game, rec.events, truths);
  return { game, events: rec.events, truths, states, mismatch };
};
