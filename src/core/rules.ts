/**
 * House-rule switches (docs/rules.md, Switches). Every default is the official NMJL rule or, where the
 * sources are silent or conflict, the documented default of docs/rules.md.
 * A record's `rules: {}` means exactly these defaults.
 */
export interface HouseRules {
  /** §5.4.3: a claimant already exposing beats a nearer one. */
  exposingClaimantPriority: boolean;
  /** §4.3 HOUSE: tapping the picked tile on the rack closes the window of opportunity. */
  tapClosesWindow: boolean;
  /** §9.2 CONFLICT: the jokerless bonus does not apply to Quints hands. */
  jokerlessExcludesQuints: boolean;
  /** §9.1 SILENT: the 4x penalty rows are also doubled for jokerless. */
  penalty4xUsesB: boolean;
  /** §8.4(b) CONFLICT: whose value rule (b) uses. */
  rule_b_value: 'erringHand' | 'survivorHand';
  /** §7.3: the challenge penalty in points. */
  challengePenalty: number;
  /** §7.1 HOUSE/tournament: a wrong challenger's own hand becomes dead. */
  wrongChallengerDead: boolean;
  /** §9.5 HOUSE: a winning discard on East's reserved last wall: the discarder pays 4x alone. */
  payForTheParty: boolean;
  /** §9.5 HOUSE: on the last wall, discards may be claimed only for mah jongg. */
  lastWallMahJonggClaimsOnly: boolean;
  /** §9.5 HOUSE: discarding a tile the table marked hot: the discarder pays for the party. */
  hotTilePenalty: boolean;
  /** §9.5 HOUSE/tournament: a winning discard into three exposures: the discarder pays for the party. */
  threeExposuresPayForTheParty: boolean;
  /** §10.2 OFFICIAL: the Pivot swap after each full round. */
  pivot: boolean;
  /** §10.3 SILENT: the Pivot swap with 5 players. */
  pivotWithFive: boolean;
  /** §9.3 SILENT: what a bettor who lost or forgot the bet pays the winner. */
  bettorLosingPays: 'nonDiscarderRate' | 'nothing';
  /** §8.4(d): the wall-breaker pays 25 to each survivor, or 25 in total. */
  threeDeadRuleD: '25each' | '25total';
  /** §2.3 OFFICIAL: the dice break the wall (changes which wall is last; the count is 99 either way). */
  diceBreak: boolean;
  /** §9.3 SILENT (HOUSE): the bettor may bet on a wall game; if it is one, each player pays her 25. */
  betOnWallGame: boolean;
}

export const OFFICIAL_RULES: Readonly<HouseRules> = Object.freeze({
  exposingClaimantPriority: true,
  tapClosesWindow: false,
  jokerlessExcludesQuints: true,
  penalty4xUsesB: true,
  rule_b_value: 'erringHand',
  challengePenalty: 50,
  wrongChallengerDead: false,
  payForTheParty: false,
  lastWallMahJonggClaimsOnly: false,
  hotTilePenalty: false,
  threeExposuresPayForTheParty: false,
  pivot: true,
  pivotWithFive: false,
  bettorLosingPays: 'nonDiscarderRate',
  threeDeadRuleD: '25each',
  diceBreak: true,
  betOnWallGame: false,
});

/** The switches with a choice of settings (more than on and off). */
export type ChoiceSwitch = { [K in keyof HouseRules]: HouseRules[K] extends string ? K : never }[keyof HouseRules];

/** Each switch as players say it: the setup, the settlement and every refusal use these words. */
export const RULE_NAMES: Readonly<Record<keyof HouseRules, string>> = {
  pivot: 'Pivot swap',
  pivotWithFive: 'Pivot with 5',
  jokerlessExcludesQuints: 'no jokerless double for Quints',
  penalty4xUsesB: '4x doubled when jokerless',
  exposingClaimantPriority: 'exposing claimant first',
  tapClosesWindow: 'rack tap closes the window',
  wrongChallengerDead: 'wrong challenger dead',
  payForTheParty: 'pay for the party',
  hotTilePenalty: 'hot tile penalty',
  threeExposuresPayForTheParty: 'three exposures pay for the party',
  lastWallMahJonggClaimsOnly: 'last wall: mah jongg claims only',
  bettorLosingPays: 'losing bettor pays',
  threeDeadRuleD: 'three dead (d)',
  rule_b_value: 'three dead (b) value',
  challengePenalty: 'wrong challenge cost',
  diceBreak: 'dice break the wall',
  betOnWallGame: 'bet on a wall game',
};

/**
 * Each setting of a choice switch as players say it. Keyed by the engine's own values, so
 * renaming or adding one there fails to compile until it is said here.
 */
export const CHOICE_NAMES: { readonly [K in ChoiceSwitch]: Readonly<Record<HouseRules[K], string>> } = {
  bettorLosingPays: { nonDiscarderRate: 'what a non-discarder pays', nothing: 'nothing' },
  threeDeadRuleD: { '25each': '25 to each survivor', '25total': '25 shared among the survivors' },
  rule_b_value: { erringHand: 'the erring hand’s value', survivorHand: 'the survivor’s hand value' },
};
