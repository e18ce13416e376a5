/**
 * The referee: play a simulated game's events through the engine and compare its state with
 * the simulator's truth after every event. Used by the property tests and bench/sim.ts.
 */
import { apply, newGame, OFFICIAL_RULES, type GameEvent, type GameState } from '../../src/core';
import type { SimGame } from './game';
import { agrees, differences, type Truth } from './truth';

export interface Mismatch {
  /** Position in the events played. */
  index: number;
  event: GameEvent;
  problems: string[];
}

export const setupOf = (g: Pick<SimGame, 'players' | 'bettor' | 'dice'>) => ({ players: g.players, rules: OFFICIAL_RULES, bettor: g.bettor, dice: g.dice });

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
