import { RuleCode } from '../errors';
import { err, ok } from '../result';
import type { Seat } from '../seats';
import type { GameState } from '../state';
import { checkSeat, fail, name, type Step } from './common';

/**
 * The bettor's bet (RULES §3.8, five players): on one seat, before East's first discard.
 */

export const bet = (s: GameState, on: Seat): Step => {
  if (!s.setup.bettor) return fail(RuleCode.NoBettor, 'There is no bettor at this table');
  const bad = checkSeat(s, on);
  if (bad) return err(bad);
  if (s.opened) return fail(RuleCode.Bet, "The bettor must bet before East's first discard");
  if (s.betOn !== undefined) return fail(RuleCode.Bet, `The bettor has already bet on ${name(s.betOn)}`);
  return ok({ ...s, betOn: on });
};
