import { CHOICE_NAMES, RULE_NAMES, type ChoiceSwitch, type HouseRules } from '../../../core/rules';

/** One line per on/off house rule the setup offers, as players say it (RULES §12); its short name is the core's (RULE_NAMES). */
export const RULE_LINES: { key: keyof HouseRules; line: string }[] = [
  { key: 'pivot', line: 'Pivot: after each round the first East swaps chairs with the player on her right (official).' },
  { key: 'pivotWithFive', line: 'Pivot swap also with 5 players (the rules are silent).' },
  { key: 'jokerlessExcludesQuints', line: 'No jokerless double for Quints hands.' },
  { key: 'penalty4xUsesB', line: 'A 4x penalty is doubled again for a jokerless hand.' },
  { key: 'exposingClaimantPriority', line: 'A claimant already exposing beats a nearer one.' },
  { key: 'tapClosesWindow', line: 'Tapping the picked tile on the rack closes the window.' },
  { key: 'wrongChallengerDead', line: 'A wrong challenger’s own hand becomes dead.' },
  { key: 'payForTheParty', line: 'Throwing mah jongg on East’s last wall: the discarder pays for everyone.' },
  { key: 'hotTilePenalty', line: 'Throwing a tile the table called hot: the discarder pays for everyone.' },
  { key: 'threeExposuresPayForTheParty', line: 'Throwing into three exposures: the discarder pays for everyone.' },
  { key: 'lastWallMahJonggClaimsOnly', line: 'On the last wall, discards may be claimed only for mah jongg.' },
  { key: 'betOnWallGame', line: 'The bettor may bet on a wall game: if it is one, each player pays her 25 (the rules are silent).' },
];

/** "pay for the party on, Pivot swap off": the switches that differ from the official rules. */
export const describeHouseRules = (keys: readonly (keyof HouseRules)[], rules: HouseRules): string =>
  keys.map((k) => `${RULE_NAMES[k]} ${rules[k] === true ? 'on' : rules[k] === false ? 'off' : String(rules[k])}`).join(', ');

/** A choice switch as the setup offers it: its question, and each of the core's settings in a line. */
export interface RuleChoice<K extends ChoiceSwitch = ChoiceSwitch> {
  key: K;
  label: string;
  options: { value: HouseRules[K]; line: string }[];
}

/** The setup's lines for a choice switch, keyed by the core's settings (a renamed one fails to compile). */
const choice = <K extends ChoiceSwitch>(key: K, label: string, lines: Record<HouseRules[K], string>): RuleChoice =>
  ({
    key,
    label,
    options: (Object.keys(CHOICE_NAMES[key]) as HouseRules[K][]).map((value) => ({ value, line: lines[value] })),
  }) as unknown as RuleChoice;

/** The switches with more than two settings, each option said in a line. */
export const RULE_CHOICES: RuleChoice[] = [
  choice('bettorLosingPays', 'A bettor who backed someone else, or forgot to bet', {
    nonDiscarderRate: 'pays the winner what a non-discarder pays (default)',
    nothing: 'pays nothing',
  }),
  choice('threeDeadRuleD', 'Three dead hands after the wall was broken', {
    '25each': 'the wall-breaker pays 25 to each survivor (default)',
    '25total': 'the wall-breaker pays 25 shared among the survivors',
  }),
  choice('rule_b_value', 'Three dead hands after a mah jongg in error: the payment uses', {
    erringHand: 'the value of the erring hand (default)',
    survivorHand: 'the value of the survivor’s hand',
  }),
];
