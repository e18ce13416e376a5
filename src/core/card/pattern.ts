/**
 * A pattern (one alternative of a hand), the choices it leaves open (distinct suits for its
 * letters and, with `any`, every shift keeping its numbers in 1-9), and a reading under one
 * choice: per tile, how many must be real (singles and pairs) and how many may be jokers (sets of
 * three or more). Readings serve the card's checks (problems.ts); matching uses demand.ts.
 */
import { SUITS, TILES, type Suit, type Tile } from '../tiles';
import { readGroup, type Group, type Letter } from './groups';

export type Pattern = {
  /** The groups as typed, one space apart. */
  text: string;
  groups: Group[];
  /** The suit letters it uses, in order of first appearance. */
  letters: Letter[];
  tiles: number;
};

/** Tile kinds by index, in TILES order (1B..9B, 1C..9C, 1D..9D, N E W S, R G 0, F, J). */
export const KINDS = TILES.length;
export const tileIndex = new Map<Tile, number>(TILES.map((t, i) => [t, i]));
export const JOKER = tileIndex.get('J')!;
export const FLOWER = tileIndex.get('F')!;
export const capOf = (kind: number): number => (kind === FLOWER || kind === JOKER ? 8 : 4);
const DRAGON_OF: Record<Suit, number> = { C: tileIndex.get('R')!, B: tileIndex.get('G')!, D: tileIndex.get('0')! };

export type Reading = {
  suits: Partial<Record<Letter, Suit>>;
  shift: number;
  /** Per tile kind: tiles in singles and pairs (real tiles only). */
  loose: Uint8Array;
  /** Per tile kind: tiles in sets of three or more (real tiles or jokers). */
  sets: Uint8Array;
};

/** Reads a pattern's text; the problem is the clause after "card line N: ". */
export const readPattern = (text: string): { ok: true; pattern: Pattern } | { ok: false; problem: string } => {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return { ok: false, problem: 'a pattern is empty' };
  const groups: Group[] = [];
  for (const w of words) {
    const g = readGroup(w);
    if (!g.ok) return g;
    groups.push(g.group);
  }
  const letters: Letter[] = [];
  for (const g of groups) if (g.letter !== null && !letters.includes(g.letter)) letters.push(g.letter);
  const tiles = groups.reduce((n, g) => n + g.tokens.length, 0);
  return { ok: true, pattern: { text: words.join(' '), groups, letters, tiles } };
};

/** Every assignment of distinct suits to the letters: at most 3 * 2 * 1 = 6 (a few letter orders, kept). */
const choicesKept = new Map<string, Partial<Record<Letter, Suit>>[]>();
export const suitChoices = (letters: readonly Letter[]): Partial<Record<Letter, Suit>>[] => {
  const key = letters.join('');
  const kept = choicesKept.get(key);
  if (kept !== undefined) return kept;
  const out: Partial<Record<Letter, Suit>>[] = [];
  const pick = (i: number, used: Suit[], acc: Partial<Record<Letter, Suit>>): void => {
    if (i === letters.length) {
      out.push({ ...acc });
      return;
    }
    for (const s of SUITS)
      if (!used.includes(s)) {
        acc[letters[i]!] = s;
        pick(i + 1, [...used, s], acc);
      }
  };
  pick(0, [], {});
  choicesKept.set(key, out);
  return out;
};

/** The shifts `any` allows: every number stays within 1-9 (0 only, without `any`). */
export const shiftsOf = (p: Pattern, any: boolean): number[] => {
  let lo = 10;
  let hi = 0;
  for (const g of p.groups)
    for (const t of g.tokens)
      if (t.kind === 'number') {
        lo = Math.min(lo, t.n);
        hi = Math.max(hi, t.n);
      }
  if (!any || hi === 0) return [0];
  const out: number[] = [];
  for (let k = 1 - lo; k <= 9 - hi; k++) out.push(k);
  return out;
};

/** The tile kind a token stands for under one reading. */
export const tokenKind = (g: Group, i: number, suits: Partial<Record<Letter, Suit>>, shift: number): number => {
  const t = g.tokens[i]!;
  if (t.kind === 'fixed') return tileIndex.get(t.tile)!;
  const suit = suits[g.letter!]!;
  if (t.kind === 'dragon') return DRAGON_OF[suit];
  return SUITS.indexOf(suit) * 9 + (t.n + shift - 1);
};

export const readingOf = (p: Pattern, suits: Partial<Record<Letter, Suit>>, shift: number): Reading => {
  const loose = new Uint8Array(KINDS);
  const sets = new Uint8Array(KINDS);
  for (const g of p.groups) {
    if (g.set && g.tokens.length >= 3) {
      const k = tokenKind(g, 0, suits, shift);
      sets[k] += g.tokens.length;
    } else for (let i = 0; i < g.tokens.length; i++) loose[tokenKind(g, i, suits, shift)]++;
  }
  return { suits, shift, loose, sets };
};
