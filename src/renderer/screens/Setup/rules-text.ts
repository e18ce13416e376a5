import type { HouseRules } from '../../../core/rules';

/** One line per house-rule switch the setup offers, as players say it (RULES §12). */
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
];
