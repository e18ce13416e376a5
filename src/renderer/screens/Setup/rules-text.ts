import type { HouseRules } from '../../../core/rules';

/** One line per house-rule switch the setup offers, as players say it (RULES §12). */
export const RULE_LINES: { key: keyof HouseRules; short: string; line: string }[] = [
  { key: 'pivot', short: 'Pivot swap', line: 'Pivot: after each round the first East swaps chairs with the player on her right (official).' },
  { key: 'pivotWithFive', short: 'Pivot with 5', line: 'Pivot swap also with 5 players (the rules are silent).' },
  { key: 'jokerlessExcludesQuints', short: 'no jokerless double for Quints', line: 'No jokerless double for Quints hands.' },
  { key: 'penalty4xUsesB', short: '4x doubled when jokerless', line: 'A 4x penalty is doubled again for a jokerless hand.' },
  { key: 'exposingClaimantPriority', short: 'exposing claimant first', line: 'A claimant already exposing beats a nearer one.' },
  { key: 'tapClosesWindow', short: 'rack tap closes the window', line: 'Tapping the picked tile on the rack closes the window.' },
  { key: 'wrongChallengerDead', short: 'wrong challenger dead', line: 'A wrong challenger’s own hand becomes dead.' },
  { key: 'payForTheParty', short: 'pay for the party', line: 'Throwing mah jongg on East’s last wall: the discarder pays for everyone.' },
  { key: 'hotTilePenalty', short: 'hot tile penalty', line: 'Throwing a tile the table called hot: the discarder pays for everyone.' },
  { key: 'threeExposuresPayForTheParty', short: 'three exposures pay for the party', line: 'Throwing into three exposures: the discarder pays for everyone.' },
  { key: 'lastWallMahJonggClaimsOnly', short: 'last wall: mah jongg claims only', line: 'On the last wall, discards may be claimed only for mah jongg.' },
];

/** "pay for the party on, Pivot swap off": the switches that differ from the official rules. */
export const describeHouseRules = (keys: readonly (keyof HouseRules)[], rules: HouseRules): string =>
  keys.map((k) => `${RULE_LINES.find((r) => r.key === k)?.short ?? RULE_CHOICES.find((r) => r.key === k)?.short ?? k} ${rules[k] === true ? 'on' : rules[k] === false ? 'off' : String(rules[k])}`).join(', ');

/** The switches with more than two settings, each option said in a line. */
export const RULE_CHOICES: { key: 'bettorLosingPays' | 'threeDeadRuleD' | 'rule_b_value'; short: string; label: string; options: { value: string; line: string }[] }[] = [
  {
    key: 'bettorLosingPays',
    short: 'losing bettor pays',
    label: 'A bettor who backed someone else, or forgot to bet',
    options: [
      { value: 'nonDiscarderRate', line: 'pays the winner what a non-discarder pays (default)' },
      { value: 'nothing', line: 'pays nothing' },
    ],
  },
  {
    key: 'threeDeadRuleD',
    short: 'three dead (d)',
    label: 'Three dead hands after the wall was broken',
    options: [
      { value: '25each', line: 'the wall-breaker pays 25 to each survivor (default)' },
      { value: '25total', line: 'the wall-breaker pays 25 shared among the survivors' },
    ],
  },
  {
    key: 'rule_b_value',
    short: 'three dead (b) value',
    label: 'Three dead hands after a mah jongg in error: the payment uses',
    options: [
      { value: 'erringHand', line: 'the value of the erring hand (default)' },
      { value: 'survivorHand', line: 'the value of the survivor’s hand' },
    ],
  },
];
