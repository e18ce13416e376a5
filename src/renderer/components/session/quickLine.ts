import type { BetOn, GameEvent, HandCategory } from '../../../core/events';
import { replayGame, type GameSetup } from '../../../core/game';
import type { Seat } from '../../../core/seats';

/**
 * The quick-scoring line, typed in one go at the table: winner seat, value digits, `j` for
 * jokerless, then the discarder's seat or `p` for a self-pick. "e30jp" = East, 30, jokerless,
 * self-picked; "s25w" = South, 25, on West's discard. "wall" is a wall game. A leading
 * "b" + seat records the bettor's bet ("bn e25w"); "bwall" her bet on a wall game (house rule
 * "bet on a wall game": "bwall wall").
 */
export interface QuickEntry {
  bet?: BetOn;
  wall?: boolean;
  winner?: Seat;
  value?: number;
  jokerless: boolean;
  from?: Seat | 'self';
  /** The hand of the session's card the winner made, when picked (its value is `value`). */
  hand?: { name: string; concealed?: boolean; category?: HandCategory };
  /** Errors, set with buttons: hands declared dead, and who pushed out the wrong wall. */
  dead?: Seat[];
  wrongWall?: Seat;
  /**
   * Mah jongg in error and the broken wall, in the order they happened, with the dead hands
   * interleaved (`dead` entries): the three-dead rules (RULES §8.4 (b)-(d)) depend on who died first.
   */
  errors?: QuickError[];
}

/** One error in the order it happened: a dead hand, a mah jongg in error, or the wall broken after one. */
export type QuickError =
  | { kind: 'dead'; seat: Seat }
  | { kind: 'mahjongInError'; seat: Seat; exposed: boolean; value?: number }
  | { kind: 'brokeWall'; seat: Seat };

/** The errors in play order: `errors` when the form keeps them, else the plain dead hands. */
const errorsOf = (e: QuickEntry): QuickError[] => e.errors ?? (e.dead ?? []).map((seat) => ({ kind: 'dead', seat }));

/** What the reducer makes of an entry: the events to record, and what is missing or refused. */
export interface QuickJudgement {
  /** The events the entry records (bet first; errors in order; the ending unless the errors end the game). */
  events: GameEvent[];
  /** What is still missing, or the reducer's refusal, or null when it can be recorded. */
  problem: string | null;
  /** The errors alone end the game (three dead, or the wall broken after a mah jongg in error). */
  endedByErrors: boolean;
  /** Hands the errors leave dead. */
  dead: Seat[];
}

/**
 * Judge an entry with the reducer, the one judge of quick and full games alike: the errors are
 * folded first (do they end the game? whose hands are dead?), then the ending. This file only
 * knows what the form still needs; every rule is the engine's (src/core/game.ts).
 */
export const judgeQuick = (e: QuickEntry, setup: GameSetup): QuickJudgement => {
  const errs: GameEvent[] = e.bet ? [{ type: 'bet', on: e.bet }] : [];
  if (e.wrongWall) errs.push({ type: 'wrongWall', seat: e.wrongWall });
  for (const x of errorsOf(e)) {
    if (x.kind === 'dead') errs.push({ type: 'dead', seat: x.seat });
    else if (x.kind === 'brokeWall') errs.push({ type: 'dead', seat: x.seat, cause: 'broke-wall' });
    else errs.push({ type: 'mahjongInError', seat: x.seat, exposed: x.exposed, ...(x.value !== undefined ? { value: x.value } : {}) });
  }
  const before = replayGame(errs, setup);
  if (!before.ok) return { events: errs, problem: before.error.error.message, endedByErrors: false, dead: [] };
  const dead = before.value.seats.filter((x) => before.value.dead[x] !== null);
  if (before.value.status !== 'in-progress')
    return {
      events: errs,
      problem: e.wall || e.winner ? 'the errors already end the game: no winner, no wall game' : null,
      endedByErrors: true,
      dead,
    };
  const missing = e.wall ? null : formProblem(e);
  if (missing) return { events: errs, problem: missing, endedByErrors: false, dead };
  const named = e.hand
    ? {
        hand: e.hand.name,
        ...(e.hand.concealed ? { concealed: true } : {}),
        ...(e.hand.category ? { category: e.hand.category } : {}),
      }
    : {};
  const ending: GameEvent = e.wall
    ? { type: 'wallGame' }
    : e.from === 'self'
      ? { type: 'mahjong', seat: e.winner!, value: e.value!, jokerless: e.jokerless, selfPick: true, ...named }
      : { type: 'mahjong', seat: e.winner!, value: e.value!, jokerless: e.jokerless, from: e.from as Seat, ...named };
  const events = [...errs, ending];
  const after = replayGame(events, setup);
  return { events, problem: after.ok ? null : after.error.error.message, endedByErrors: false, dead };
};

/** What the form still needs before a winner can be recorded (not a rule: the reducer judges). */
const formProblem = (e: QuickEntry): string | null => {
  if (!e.winner) return 'choose the winner';
  if (!e.value) return 'type the hand’s value';
  if (!e.from) return 'who threw the winning tile? (its seat, or p for a self-pick)';
  return null;
};

const SEAT = /^[eswn]$/;

export const parseQuickLine = (text: string): { entry: QuickEntry; problem: string | null } => {
  let t = text.trim().toLowerCase().replace(/\s+/g, '');
  const entry: QuickEntry = { jokerless: false };
  if (t.startsWith('bwall')) {
    entry.bet = 'wall';
    t = t.slice(5);
  } else if (t.startsWith('b') && t.length >= 2 && SEAT.test(t[1]!)) {
    entry.bet = t[1]!.toUpperCase() as Seat;
    t = t.slice(2);
  }
  if (t === 'wall') return { entry: { ...entry, wall: true }, problem: null };
  if (t === '') return { entry, problem: 'type the winner’s seat (e, s, w or n)' };
  if (!SEAT.test(t[0]!)) return { entry, problem: `“${t[0]}” is not a seat: start with e, s, w or n (or type “wall”)` };
  entry.winner = t[0]!.toUpperCase() as Seat;
  const m = /^(\d*)(j?)([eswnp]?)(.*)$/.exec(t.slice(1))!;
  if (m[1]) entry.value = Number(m[1]);
  if (m[2]) entry.jokerless = true;
  if (m[3]) entry.from = m[3] === 'p' ? 'self' : (m[3].toUpperCase() as Seat);
  if (m[4]) return { entry, problem: `“${m[4]}” is not understood: after the value, j for jokerless, then the discarder’s seat or p` };
  return { entry, problem: entry.wall ? null : formProblem(entry) };
};

/** The line that reads back as `e` (so buttons and typing edit the same thing). */
export const lineOf = (e: QuickEntry): string => {
  const bet = e.bet ? `b${e.bet.toLowerCase()} ` : '';
  if (e.wall) return `${bet}wall`;
  if (!e.winner) return bet.trim();
  const from = e.from === 'self' ? 'p' : (e.from?.toLowerCase() ?? '');
  return `${bet}${e.winner.toLowerCase()}${e.value ?? ''}${e.jokerless ? 'j' : ''}${from}`;
};

/**
 * The entry that reads back a stored ending (src/core/correction.ts endingOf): what the form
 * shows when a confirmed game is corrected, so the host changes only what was wrong.
 */
export const entryOf = (ending: readonly GameEvent[]): QuickEntry => {
  const entry: QuickEntry = { jokerless: false };
  const errors: QuickError[] = [];
  for (const e of ending) {
    if (e.type === 'bet') entry.bet = e.on;
    else if (e.type === 'wrongWall') entry.wrongWall = e.seat;
    else if (e.type === 'dead')
      errors.push(e.cause === 'broke-wall' ? { kind: 'brokeWall', seat: e.seat } : { kind: 'dead', seat: e.seat });
    else if (e.type === 'mahjongInError')
      errors.push({ kind: 'mahjongInError', seat: e.seat, exposed: e.exposed, ...(e.value !== undefined ? { value: e.value } : {}) });
    else if (e.type === 'wallGame') entry.wall = true;
    else if (e.type === 'mahjong') {
      entry.winner = e.seat;
      entry.value = e.value;
      entry.jokerless = e.jokerless;
      entry.from = e.selfPick || e.from === undefined ? 'self' : e.from;
      if (e.hand)
        entry.hand = { name: e.hand, ...(e.concealed ? { concealed: true } : {}), ...(e.category ? { category: e.category } : {}) };
    }
  }
  if (errors.length) entry.errors = errors;
  return entry;
};
