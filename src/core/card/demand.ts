/**
 * What a pattern asks of the 14 tiles, compiled once per pattern for matching: per suit letter
 * the numbers it needs (real ones in singles and pairs, jokers allowed in sets of three or
 * more), the fixed tiles (winds, Flowers, R, G, 0), each letter's D, and its sets. A choice of
 * suits and a shift then costs no allocation: a suit's nine numbers are checked against the
 * letter given that suit, shifted; winds and Flowers once; the dragons per choice of suits.
 */
import { SUITS } from '../tiles';
import type { Letter } from './groups';
import { FLOWER, KINDS, readPattern, shiftsOf, suitChoices, tileIndex, type Pattern } from './pattern';
import type { CardHand } from './types';

/** A set of three or more: a fixed tile (`kind`), a number of a letter, or a letter's D. */
type SetGroup = { what: 'fixed' | 'number' | 'dragon'; letter: number; n: number; size: number };

export type Demand = {
  /** Per kind, for fixed tokens only (winds, Flowers, R, G, 0). */
  fixedLoose: number[];
  fixedSets: number[];
  /** Per letter (index in `letters`), per number 1-9 (index 0 unused). */
  numLoose: number[][];
  numSets: number[][];
  /** Per letter: its D tiles. */
  dLoose: number[];
  dSets: number[];
  sets: SetGroup[];
  /** Each choice of suits: suit index (0 B, 1 C, 2 D) per letter index. */
  choices: number[][];
  shifts: number[];
};

/** Kinds: the first 27 are numbers (suit * 9 + n - 1); then N E W S, R G 0, F, J. */
export const WIND_AND_FLOWER = [...['N', 'E', 'W', 'S'].map((t) => tileIndex.get(t as 'N')!), FLOWER];
export const DRAGON_KIND = [tileIndex.get('G')!, tileIndex.get('R')!, tileIndex.get('0')!]; // of Bams, Craks, Dots

export const demandOf = (p: Pattern, any: boolean): Demand => {
  const li = (l: Letter | null): number => (l === null ? -1 : p.letters.indexOf(l));
  const d: Demand = {
    fixedLoose: new Array<number>(KINDS).fill(0),
    fixedSets: new Array<number>(KINDS).fill(0),
    numLoose: p.letters.map(() => new Array<number>(10).fill(0)),
    numSets: p.letters.map(() => new Array<number>(10).fill(0)),
    dLoose: p.letters.map(() => 0),
    dSets: p.letters.map(() => 0),
    sets: [],
    choices: suitChoices(p.letters).map((c) => p.letters.map((l) => SUITS.indexOf(c[l]!))),
    shifts: shiftsOf(p, any),
  };
  for (const g of p.groups) {
    const inSet = g.set && g.tokens.length >= 3;
    const L = li(g.letter);
    for (const t of inSet ? [g.tokens[0]!] : g.tokens) {
      const n = inSet ? g.tokens.length : 1;
      if (t.kind === 'fixed') (inSet ? d.fixedSets : d.fixedLoose)[tileIndex.get(t.tile)!] += n;
      else if (t.kind === 'number') (inSet ? d.numSets : d.numLoose)[L]![t.n] += n;
      else (inSet ? d.dSets : d.dLoose)[L] += n;
    }
    if (inSet) {
      const t = g.tokens[0]!;
      d.sets.push(
        t.kind === 'fixed'
          ? { what: 'fixed', letter: -1, n: tileIndex.get(t.tile)!, size: g.tokens.length }
          : { what: t.kind, letter: L, n: t.kind === 'number' ? t.n : 0, size: g.tokens.length },
      );
    }
  }
  return d;
};

/** The kind a set group is under a choice of suits and a shift. */
export const setKind = (g: SetGroup, choice: readonly number[], shift: number): number =>
  g.what === 'fixed' ? g.n : g.what === 'dragon' ? DRAGON_KIND[choice[g.letter]!]! : choice[g.letter]! * 9 + g.n + shift - 1;

/** Real tiles in singles and pairs of one kind under a choice of suits and a shift. */
export const looseOf = (d: Demand, kind: number, choice: readonly number[], shift: number): number => {
  let n = d.fixedLoose[kind]!;
  if (kind < 27) {
    const L = choice.indexOf(Math.floor(kind / 9));
    const p = (kind % 9) + 1 - shift;
    if (L >= 0 && p >= 1 && p <= 9) n += d.numLoose[L]![p]!;
  } else for (let L = 0; L < choice.length; L++) if (DRAGON_KIND[choice[L]!] === kind) n += d.dLoose[L]!;
  return n;
};

const kept = new WeakMap<CardHand, Demand[]>();

/** Compiles a hand's patterns as the card is read, so the first hand checked costs no more than the next. */
export const keepDemands = (h: CardHand, patterns: readonly Pattern[]): void => {
  kept.set(
    h,
    patterns.map((p) => demandOf(p, h.any)),
  );
};

/** What each pattern of a card hand asks; a hand not read here (a card sent over IPC) is compiled once, on first use. */
export const demandsFor = (h: CardHand): Demand[] => {
  let r = kept.get(h);
  if (r === undefined) {
    r = h.patterns.flatMap((text) => {
      const p = readPattern(text);
      return p.ok ? [demandOf(p.pattern, h.any)] : [];
    });
    kept.set(h, r);
  }
  return r;
};
