import type { Result } from '../result';
import type { HouseRules } from '../rules';
import { attempt, Invalid, isObj, show } from './read';

/** Switch names and what each accepts: the only list of them (an unknown switch is an error). */
export const SWITCH_KINDS: { readonly [K in keyof HouseRules]: 'boolean' | 'number' | readonly HouseRules[K][] } = {
  exposingClaimantPriority: 'boolean',
  tapClosesWindow: 'boolean',
  jokerlessExcludesQuints: 'boolean',
  penalty4xUsesB: 'boolean',
  rule_b_value: ['erringHand', 'survivorHand'],
  challengePenalty: 'number',
  wrongChallengerDead: 'boolean',
  payForTheParty: 'boolean',
  lastWallMahJonggClaimsOnly: 'boolean',
  hotTilePenalty: 'boolean',
  threeExposuresPayForTheParty: 'boolean',
  pivot: 'boolean',
  pivotWithFive: 'boolean',
  bettorLosingPays: ['nonDiscarderRate', 'nothing'],
  threeDeadRuleD: ['25each', '25total'],
  diceBreak: 'boolean',
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
    if (!isObj(x)) throw new Invalid(`rules must be an object of house-rule switches, got ${show(x)}`);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      if (!Object.hasOwn(SWITCH_KINDS, k)) throw new Invalid(`rules: unknown switch "${k.slice(0, 40)}" (known: ${Object.keys(SWITCH_KINDS).join(', ')})`);
      const kind = SWITCH_KINDS[k as keyof HouseRules];
      const good =
        kind === 'boolean'
          ? typeof v === 'boolean'
          : kind === 'number'
            ? typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_PENALTY
            : (kind as readonly unknown[]).includes(v);
      if (!good)
        throw new Invalid(
          `rules.${k} must be ${Array.isArray(kind) ? `one of ${kind.join(', ')}` : kind === 'number' ? `a whole number from 0 to ${MAX_PENALTY}` : 'true or false'}, got ${show(v)}`,
        );
      out[k] = v;
    }
    return out as Partial<HouseRules>;
  });
