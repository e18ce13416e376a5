/**
 * What can be wrong with a pattern that reads: not 14 tiles, `any` over a year, or no choice of
 * suits that a real set can fill (four of each tile, eight Flowers, eight jokers, jokers only in
 * sets of three or more, none at all in an `sp` hand). Each problem is the clause that follows
 * "card line N: ".
 */
import type { Suit } from '../tiles';
import { isYearGroup, type Letter } from './groups';
import { capOf, JOKER, KINDS, readingOf, suitChoices, tokenKind, type Pattern, type Reading } from './pattern';

export const TILES_PER_HAND = 14;
const SUIT_WORDS: Record<Suit, string> = { B: 'Bams', C: 'Craks', D: 'Dots' };

/** "FF holds 2 tiles, 2027a 4, 222b 3, 2222c 4, the pattern 13, not 14". */
export const countProblem = (p: Pattern): string =>
  `${p.groups.map((g, i) => (i === 0 ? `${g.text} holds ${g.tokens.length} tile${g.tokens.length === 1 ? '' : 's'}` : `${g.text} ${g.tokens.length}`)).join(', ')}, the pattern ${p.tiles}, not ${TILES_PER_HAND}`;

/** The pattern's own names for the tile of one kind under a reading ("5a", "R and Da"). */
const describe = (p: Pattern, r: Reading, kind: number): string => {
  const names: string[] = [];
  for (const g of p.groups)
    g.tokens.forEach((t, i) => {
      if (tokenKind(g, i, r.suits, 0) !== kind) return;
      const name = t.kind === 'number' ? `${t.n}${g.letter}` : t.kind === 'dragon' ? `D${g.letter}` : t.tile;
      if (!names.includes(name)) names.push(name);
    });
  if (names.length === 1) return names[0] === 'F' ? 'Flowers' : `tiles of ${names[0]}`;
  const letter = names.find((n) => n.startsWith('D'))?.slice(1) as Letter | undefined;
  const when = letter !== undefined ? ` (one tile when ${letter} is ${SUIT_WORDS[r.suits[letter]!]})` : '';
  return `tiles of ${names.join(' and ')}${when}`;
};

/** The first reason a real set cannot fill the pattern under one reading, or null if it can. */
const unfillable = (p: Pattern, r: Reading, sp: boolean): string | null => {
  let jokers = 0;
  for (let k = 0; k < KINDS; k++) {
    if (k === JOKER) continue;
    const cap = capOf(k);
    const need = r.loose[k] + r.sets[k];
    if (r.loose[k] > cap)
      return `needs ${r.loose[k]} ${describe(p, r, k)} in singles and pairs, where no joker may stand, and the set has only ${cap}`;
    if (sp && need > cap)
      return `needs ${need} ${describe(p, r, k)}, and a Singles and Pairs hand (sp) takes no joker: the set has only ${cap}`;
    jokers += Math.max(0, need - cap);
  }
  if (jokers > capOf(JOKER)) return `needs ${jokers} jokers beyond the real tiles, and the set has only ${capOf(JOKER)}`;
  return null;
};

/**
 * The problems of one pattern of a hand. `which` is "the pattern" or "pattern 2". Shifts do not
 * change what a set can fill (they move every number of a suit alike), so suits alone are tried.
 */
export const patternProblems = (p: Pattern, flags: { any: boolean; sp: boolean }, which: string): string[] => {
  if (p.tiles !== TILES_PER_HAND) return [`${which === 'the pattern' ? '' : `in ${which}, `}${countProblem(p)}`];
  const out: string[] = [];
  const year = p.groups.find(isYearGroup);
  if (flags.any && year !== undefined)
    out.push(`${which} has any, which shifts every number, and the year ${year.text} would shift with it: a hand with a year takes no any`);
  const reasons = suitChoices(p.letters).map((suits) => unfillable(p, readingOf(p, suits, 0), flags.sp));
  if (reasons.every((r) => r !== null)) out.push(`${which} ${reasons[0]}`);
  return out;
};
