import type { RuleError } from './errors';
import type { GameEvent } from './events';
import { replayGame, type GameSetup, type GameState } from './game';
import { SEAT_NAMES, type Seat } from './seats';

/**
 * Events typed for "the player in turn" follow the turn. A host types a bare tile (or `p`, `k`,
 * `x w 5b`, `bp 5b`) and the app gives it to the player in turn; the event keeps `implied: true`
 * (docs/table-record.md). When a fix changes whose turn it is (a call given to another seat, a
 * forgotten discard put in, an event dropped), every later implied event is given again to the
 * player in turn as the game now stands, one after another, as if typed again. A typed seat
 * stays where it is: the amendment (src/core/amend.ts) names one that the new turn leaves out of
 * turn, or makes illegal.
 */

/** Whether the app gave the event its seat (the player in turn) rather than the host typing one. */
export const isImplied = (e: GameEvent): boolean => 'implied' in e && e.implied === true;

export interface Followed {
  /** The log with each implied event at the seat in turn just before it (as far as the game replays). */
  events: GameEvent[];
  /** 0-based positions whose seat moved, in order. */
  moved: number[];
  /** Whose turn it was just before each event (as far as the game replays). */
  turns: Seat[];
  /** The whole game's state, when it replays. */
  state?: GameState;
  /** The first event the rules refuse (as rewritten). */
  failed?: { index: number; error: RuleError };
}

/** Replay `events`, moving each implied event to the player in turn. Pure. */
export const followTurn = (events: readonly GameEvent[], setup: GameSetup): Followed => {
  const out = events.slice();
  const moved: number[] = [];
  const turns: Seat[] = [];
  const r = replayGame(events, setup, (s, e, i) => {
    turns[i] = s.turn;
    if (!isImplied(e) || !('seat' in e) || e.seat === s.turn) return e;
    moved.push(i);
    return (out[i] = { ...e, seat: s.turn } as GameEvent);
  });
  return r.ok ? { events: out, moved, turns, state: r.value } : { events: out, moved, turns, failed: r.error };
};

/** "24-31", "24, 25 and 27-31": 1-based positions as runs. */
export const eventSpan = (ns: readonly number[]): string => {
  const runs: string[] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j]! + 1) j++;
    runs.push(j > i ? `${ns[i]}-${ns[j]}` : `${ns[i]}`);
    i = j + 1;
  }
  return runs.length === 1 ? runs[0]! : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
};

/**
 * The sentence a fix's preview and echo add when implied events moved: "Events 24-31 now follow
 * the turn: event 24 is West’s" (short: it is read in a two-line preview). `moved`: 1-based
 * positions in `events`.
 */
export const followSentence = (events: readonly GameEvent[], moved: readonly number[]): string => {
  if (moved.length === 0) return '';
  const first = events[moved[0]! - 1]!;
  const seat = 'seat' in first ? `${SEAT_NAMES[first.seat]}’s` : 'the player in turn’s';
  return moved.length === 1
    ? `Event ${moved[0]} now follows the turn: it is ${seat}`
    : `Events ${eventSpan(moved)} now follow the turn: event ${moved[0]} is ${seat}`;
};
