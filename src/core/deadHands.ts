import type { DeadCause } from './events';
import type { GameOutcome } from './outcome';
import type { BySeat, Seat } from './seats';

/** One dead hand as the reducer keeps it (RULES §7). */
export interface DeadHandLike {
  cause?: DeadCause;
  eventIndex: number;
}

/**
 * Whether the dead hands end the game and how it is settled (RULES §8.4): three dead in a
 * 4-player game, two in a 3-player game (§3.8). Returns null while play can go on.
 * (b) a second mah jongg in error makes the last dead hand: that declarer pays the survivor 2 x value
 *     (value = her attempted hand, `erringHand`; the record does not hold the survivor's hand value);
 * (c) the first dead erred and the others threw in: she pays the survivor 2 x her attempted value;
 * (e) any other three dead: no payments. (Rule (d), the broken wall, is an event of its own.)
 */
export const threeDeadRule = (
  seats: readonly Seat[],
  dead: Readonly<BySeat<DeadHandLike | null>>,
  errorValue: (seat: Seat) => number | undefined,
): NonNullable<GameOutcome['threeDead']> | null => {
  const deadSeats = seats.filter((x) => dead[x] !== null);
  if (deadSeats.length < seats.length - 1) return null;
  const order = [...deadSeats].sort((a, b) => dead[a]!.eventIndex - dead[b]!.eventIndex);
  const errs = order.filter((x) => dead[x]!.cause === 'mahjong-in-error');
  const survivors = seats.filter((x) => dead[x] === null);
  const last = order[order.length - 1]!;
  const withValue = (rule: 'b' | 'c', payer: Seat): NonNullable<GameOutcome['threeDead']> => {
    const v = errorValue(payer);
    return { rule, payer, payees: survivors, ...(v !== undefined ? { value: v } : {}) };
  };
  if (errs.length >= 2 && errs.includes(last)) return withValue('b', last);
  if (errs.length === 1 && errs[0] === order[0]) return withValue('c', order[0]!);
  return { rule: 'e', payees: [] };
};
