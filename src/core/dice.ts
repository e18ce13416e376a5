import type { Result } from './result';
import { attempt, Invalid, show } from './parse/read';

/**
 * East's throw of two dice (RULES §2.3: it decides where the wall is broken): a whole number from
 * 2 to 12. The one rule for a table record's game and the IPC contract (the store's column checks
 * the same range).
 */
export const DICE_MIN = 2;
export const DICE_MAX = 12;

export const parseDice = (x: unknown): Result<number, string> =>
  attempt(() => {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < DICE_MIN || x > DICE_MAX)
      throw new Invalid(`a dice throw is ${DICE_MIN} to ${DICE_MAX}, not ${show(x)}`);
    return x;
  });
