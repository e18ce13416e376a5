import { RuleCode } from '../errors';
import type { BetOn } from '../events';
import { RULE_NAMES } from '../rules';
import { err, ok } from '../result';
import type { GameState } from '../state';
import { checkSeat, fail, name, type Step } from './common';

/**
 * The bettor's bet (RULES §3.8, five players): on one seat, before East's first discard. On a
 * wall game only under the house rule `betOnWallGame` (the rules are silent).
 */

/** What she bet on, in words. */
export const betName = (on: BetOn): string => (on === 'wall' ? 'a wall game' : name(on));

export const bet = (s: GameState, on: BetOn): Step => {
  if (!s.setup.bettor) return fail(RuleCode.NoBettor, 'There is no bettor at this table');
  if (on === 'wall') {
    if (!s.setup.rules.betOnWallGame)
      return fail(RuleCode.Bet, `The bettor may bet on a wall game only when the house rule "${RULE_NAMES.betOnWallGame}" is on`);
  } else {
    const bad = checkSeat(s, on);
    if (bad) return err(bad);
  }
  if (s.opened) return fail(RuleCode.Bet, "The bettor must bet before East's first discard");
  if (s.betOn !== undefined) return fail(RuleCode.Bet, `The bettor has already bet on ${betName(s.betOn)}`);
  return ok({ ...s, betOn: on });
};
