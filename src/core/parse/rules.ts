import type { Result } from '../result';
import { CHOICE_NAMES, RULE_NAMES, type ChoiceSwitch, type HouseRules } from '../rules';
import { attempt, Invalid, isObj, show } from './read';

/** A choice switch's settings, from the one place that says them in words. */
function choices<K extends ChoiceSwitch>(k: K): readonly HouseRules[K][] {
  return Object.keys(CHOICE_NAMES[k]) as HouseRules[K][];
}

/** "a or b", "a, b or c". */
const either = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** Switch names and what each accepts: the only list of them (an unknown switch is an error). */
export const SWITCH_KINDS: { readonly [K in keyof HouseRules]: 'boolean' | 'number' | readonly HouseRules[K][] } = {
  exposingClaimantPriority: 'boolean',
  tapClosesWindow: 'boolean',
  jokerlessExcludesQuints: 'boolean',
  penalty4xUsesB: 'boolean',
  rule_b_value: choices('rule_b_value'),
  challengePenalty: 'number',
  wrongChallengerDead: 'boolean',
  payForTheParty: 'boolean',
  lastWallMahJonggClaimsOnly: 'boolean',
  hotTilePenalty: 'boolean',
  threeExposuresPayForTheParty: 'boolean',
  pivot: 'boolean',
  pivotWithFive: 'boolean',
  bettorLosingPays: choices('bettorLosingPays'),
  threeDeadRuleD: choices('threeDeadRuleD'),
  diceBreak: 'boolean',
  betOnWallGame: 'boolean',
};

/** The largest challenge penalty a table may set, in points (as stakes are capped: huge figures overflow the payouts). */
const MAX_PENALTY = 10_000;

/**
 * House-rule switches from untrusted JSON (a record's `rules`, a setup from the page): only the
 * switches it sets, each checked against its kind. `undefined` means none set.
 */
export const parseRules = (x: unknown): Result<Partial<HouseRules>, string> =>
  attempt(() => {
    if (x === undefined) return {};
    if (!isObj(x)) throw new Invalid(`the house rules must be a set of named rules, not ${show(x)}`);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      if (!Object.hasOwn(SWITCH_KINDS, k))
        throw new Invalid(
          `the house rules name a rule this version of MahjMate does not know ("${k.slice(0, 40)}"): it may come from a newer version`,
        );
      const kind = SWITCH_KINDS[k as keyof HouseRules];
      const good =
        kind === 'boolean'
          ? typeof v === 'boolean'
          : kind === 'number'
            ? typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_PENALTY
            : (kind as readonly unknown[]).includes(v);
      if (!good)
        throw new Invalid(
          `the house rule "${RULE_NAMES[k as keyof HouseRules]}" must be ${
            Array.isArray(kind)
              ? either(Object.values(CHOICE_NAMES[k as ChoiceSwitch]))
              : kind === 'number'
                ? `a whole number of points from 0 to ${MAX_PENALTY}`
                : 'on or off (true or false)'
          }, not ${show(v)}`,
        );
      out[k] = v;
    }
    return out as Partial<HouseRules>;
  });
