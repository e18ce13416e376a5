import { err, type Result } from '../result';
import { RuleCode, ruleError, type RuleError } from '../errors';
import { SEAT_NAMES, rightOf, isSeat, type BySeat, type Seat } from '../seats';
import type { DeadHand, Exposure, GameSetup, GameState } from '../state';
import { closeWindowOn, onLastWall as lastWallOn } from '../window';

/** What every judge of an event needs: names, refusals, turn order, the window, dead hands. */

export const name = (s: Seat): string => SEAT_NAMES[s];
export const fail = (code: RuleCode, message: string): Result<never, RuleError> => err(ruleError(code, message));

export type Step = Result<GameState, RuleError>;
/** For building a fresh state object field by field before it is returned (never an input). */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const onLastWall = (setup: GameSetup, remaining: number): boolean => lastWallOn(setup.dice, remaining);

export const isDead = (s: GameState, seat: Seat): boolean => s.dead[seat] !== null;

/** The next live seat to the right of `seat` (dead hands are skipped, §7.2). */
export const nextLive = (s: GameState, seat: Seat, dead: BySeat<DeadHand | null> = s.dead): Seat => {
  let t = rightOf(seat, s.seats);
  for (let i = 0; i < s.seats.length && dead[t] !== null; i++) t = rightOf(t, s.seats);
  return t;
};

/** Close the window on the live discard ("South racked"): the fields to change, or none. */
export const closeWindow = (s: GameState, why: string): Partial<GameState> => closeWindowOn(s.live, s.floor, why) ?? {};

/** Freeze every exposure of hers (§4.4). */
export const lockAll = (x: readonly Exposure[]): readonly Exposure[] =>
  x.some((e) => !e.locked) ? x.map((e) => ({ ...e, locked: true })) : x;

export const checkSeat = (s: GameState, seat: unknown, role = 'seat'): RuleError | null =>
  isSeat(seat) && s.seats.includes(seat)
    ? null
    : ruleError(RuleCode.NoSuchSeat, `There is no ${role} ${String(seat)} at this table (seats: ${s.seats.map(name).join(', ')})`);

export const notDead = (s: GameState, seat: Seat, doing: string): Step | null =>
  isDead(s, seat) ? fail(RuleCode.DeadPlayer, `${name(seat)}'s hand is dead; she cannot ${doing}`) : null;
