import type { GameEvent } from '../../../core/events';
import type { Seat } from '../../../core/seats';

/**
 * The quick-scoring line, typed in one go at the table: winner seat, value digits, `j` for
 * jokerless, then the discarder's seat or `p` for a self-pick. "e30jp" = East, 30, jokerless,
 * self-picked; "s25w" = South, 25, on West's discard. "wall" is a wall game. A leading
 * "b" + seat records the bettor's bet ("bn e25w").
 */
export interface QuickEntry {
  bet?: Seat;
  wall?: boolean;
  winner?: Seat;
  value?: number;
  jokerless: boolean;
  from?: Seat | 'self';
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

/** Seats whose hand the errors leave dead (an exposed mah jongg in error, a dead hand, the wall-breaker). */
export const deadSeats = (e: QuickEntry): Seat[] => [
  ...new Set(errorsOf(e).filter((x) => x.kind !== 'mahjongInError' || x.exposed).map((x) => x.seat)),
];

/**
 * Whether the errors alone end the game: the wall broken after a mah jongg in error (§8.4 (d)), or
 * all but one hand dead (§8.4, two of three in a 3-player game). The engine settles it; this only
 * tells the form that no winner is needed.
 */
export const endedByErrors = (e: QuickEntry, seats: readonly Seat[]): boolean =>
  errorsOf(e).some((x) => x.kind === 'brokeWall') || (seats.length > 1 && deadSeats(e).length >= seats.length - 1);

const SEAT = /^[eswn]$/;

export const parseQuickLine = (text: string): { entry: QuickEntry; problem: string | null } => {
  let t = text.trim().toLowerCase().replace(/\s+/g, '');
  const entry: QuickEntry = { jokerless: false };
  if (t.startsWith('b') && t.length >= 2 && SEAT.test(t[1]!)) {
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
  return { entry, problem: problemOf(entry) };
};

/** What is still missing or wrong in an entry, or null when it can be recorded. */
export const problemOf = (e: QuickEntry, seats?: readonly Seat[]): string | null => {
  for (const x of errorsOf(e)) {
    if (seats && !seats.includes(x.seat)) return `no ${x.seat} seat at this table`;
    if (x.kind === 'mahjongInError' && x.value !== undefined && (!Number.isInteger(x.value) || x.value < 25 || x.value > 1000))
      return 'the attempted hand is worth 25 to 1000 points (or leave it empty)';
  }
  const errs = errorsOf(e);
  const broke = errs.findIndex((x) => x.kind === 'brokeWall');
  if (broke >= 0 && !errs.slice(0, broke).some((x) => x.kind === 'mahjongInError' && x.exposed))
    return 'breaking the wall is settled (rule d) only after an exposed mah jongg in error: record that first';
  if (seats && endedByErrors(e, seats)) return e.wall || e.winner ? 'the errors already end the game: no winner, no wall game' : null;
  if (e.wall) return null;
  if (!e.winner) return 'choose the winner';
  if (seats && !seats.includes(e.winner)) return `no ${e.winner} seat at this table`;
  if (!e.value) return 'type the hand’s value';
  if (e.value < 25 || e.value > 1000) return 'a hand is worth 25 to 1000 points';
  if (!e.from) return 'who threw the winning tile? (its seat, or p for a self-pick)';
  if (e.from !== 'self' && e.from === e.winner) return 'the winner cannot win on her own discard: use p for a self-pick';
  if (e.from !== 'self' && seats && !seats.includes(e.from)) return `no ${e.from} seat at this table`;
  if (deadSeats(e).includes(e.winner)) return 'a dead hand cannot win';
  return null;
};

/** The events a complete entry records (bet first; errors in order; no ending when they end the game). */
export const eventsOf = (e: QuickEntry, seats?: readonly Seat[]): GameEvent[] => {
  const out: GameEvent[] = e.bet ? [{ type: 'bet', on: e.bet }] : [];
  if (e.wrongWall) out.push({ type: 'wrongWall', seat: e.wrongWall });
  for (const x of errorsOf(e)) {
    if (x.kind === 'dead') out.push({ type: 'dead', seat: x.seat });
    else if (x.kind === 'brokeWall') out.push({ type: 'dead', seat: x.seat, cause: 'broke-wall' });
    else out.push({ type: 'mahjongInError', seat: x.seat, exposed: x.exposed, ...(x.value !== undefined ? { value: x.value } : {}) });
  }
  if (seats && endedByErrors(e, seats)) return out;
  if (e.wall) out.push({ type: 'wallGame' });
  else if (e.from === 'self') out.push({ type: 'mahjong', seat: e.winner!, value: e.value!, jokerless: e.jokerless, selfPick: true });
  else out.push({ type: 'mahjong', seat: e.winner!, value: e.value!, jokerless: e.jokerless, from: e.from as Seat });
  return out;
};

/** The line that reads back as `e` (so buttons and typing edit the same thing). */
export const lineOf = (e: QuickEntry): string => {
  const bet = e.bet ? `b${e.bet.toLowerCase()} ` : '';
  if (e.wall) return `${bet}wall`;
  if (!e.winner) return bet.trim();
  const from = e.from === 'self' ? 'p' : (e.from?.toLowerCase() ?? '');
  return `${bet}${e.winner.toLowerCase()}${e.value ?? ''}${e.jokerless ? 'j' : ''}${from}`;
};
