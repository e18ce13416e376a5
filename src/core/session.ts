import type { HouseRules } from './rules';
import { SEATS, type Seat } from './seats';

/**
 * Seating and rotation across a session (RULES §10). The table is a ring of chairs in turn
 * order; the dice sit at one chair, whose occupant is East. After every game (wall games
 * too) the dice move one chair to the right (§10.1). With 5 players the outgoing East leaves
 * her chair to the bettor and sits out as the next bettor (§10.3, ASSUMPTION). When the dice
 * come back to the Pivot (the session's first East) and the Pivot rule is on, she first swaps
 * chairs with the player on her right and keeps the dice (§10.2, Example 48).
 */
export interface TableSeating {
  /** Names by seat for this game, East first (3 players: E, S, W). */
  seating: Partial<Record<Seat, string>>;
  /** The player sitting out as bettor (5 players only). */
  bettor?: string;
}

export interface SessionSetup {
  /** 3, 4 or 5 distinct names. */
  players: readonly string[];
  /** The first game's players in turn order, East first. */
  seating: readonly string[];
  /** With 5 players: the first game's bettor. */
  bettor?: string;
  rules: Pick<HouseRules, 'pivot' | 'pivotWithFive'>;
}

/** Where the table stands between games. */
export interface Rotation {
  /** Names in chair order (turn order). */
  chairs: readonly string[];
  /** The chair holding the dice: its occupant is East. */
  dice: number;
  bettor?: string;
  /** The session's first East. */
  pivot: string;
}

export const firstRotation = (setup: SessionSetup): Rotation => ({
  chairs: [...setup.seating],
  dice: 0,
  bettor: setup.bettor,
  pivot: setup.seating[0]!,
});

/** The seating of the game about to be played from this rotation. */
export const tableOf = (r: Rotation): TableSeating => {
  const seating: Partial<Record<Seat, string>> = {};
  r.chairs.forEach((_, i) => {
    seating[SEATS[i]!] = r.chairs[(r.dice + i) % r.chairs.length]!;
  });
  return r.bettor === undefined ? { seating } : { seating, bettor: r.bettor };
};

/** A game recorded with its own seating (the table deviated): later games continue from it. */
export const deviate = (r: Rotation, seating: readonly string[], bettor?: string): Rotation => ({
  chairs: [...seating],
  dice: 0,
  bettor: bettor ?? (seating.includes(r.bettor ?? '') ? undefined : r.bettor),
  pivot: r.pivot,
});

/** The rotation for the next game, after the game played at `r`. */
export const afterGame = (r: Rotation, rules: SessionSetup['rules']): Rotation => {
  const chairs = [...r.chairs];
  const k = chairs.length;
  let bettor = r.bettor;
  const five = bettor !== undefined;
  if (five) {
    // §10.3: the outgoing East sits out; the bettor takes her chair.
    const east = chairs[r.dice]!;
    chairs[r.dice] = bettor!;
    bettor = east;
  }
  let dice = (r.dice + 1) % k;
  const pivotOn = five ? rules.pivot && rules.pivotWithFive : rules.pivot;
  if (pivotOn && chairs[dice] === r.pivot) {
    const right = (dice + 1) % k;
    [chairs[dice], chairs[right]] = [chairs[right]!, chairs[dice]!];
    dice = right;
  }
  return bettor === undefined ? { chairs, dice, pivot: r.pivot } : { chairs, dice, bettor, pivot: r.pivot };
};

/**
 * The seating of game `n` (1-based). `overrides[i]` is game i+1's own seating, if recorded.
 */
export const seatingForGame = (
  setup: SessionSetup,
  n: number,
  overrides: readonly ({ seating: readonly string[]; bettor?: string } | undefined)[] = [],
): TableSeating => {
  let r = firstRotation(setup);
  for (let g = 1; ; g++) {
    const o = overrides[g - 1];
    if (o) r = deviate(r, o.seating, o.bettor);
    if (g === n) return tableOf(r);
    r = afterGame(r, setup.rules);
  }
};

/** Money per point, exact: a 25 hand at 2.5 cents a point is 62.5 cents (never rounded). */
export const toCents = (points: number, centsPerPoint: number): number => Math.round(points * centsPerPoint * 1e6) / 1e6 + 0;
