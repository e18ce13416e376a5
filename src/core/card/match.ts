/**
 * Which hands of the card a declared hand can be. No search: for each choice of suits (at most 6)
 * and shift (at most 9), every exposure takes one whole set of its tile and size (exposures of
 * one tile and size are interchangeable), and then, per tile, the real tiles left must fill the
 * singles and pairs exactly and fit in the sets left, jokers filling the rest of those sets (a
 * joker may stand in any set of three or more). Winds and Flowers are checked once per pattern,
 * the dragons once per choice of suits, a suit's nine numbers per choice and shift.
 */
import type { Tile } from '../tiles';
import { DRAGON_KIND, demandsFor, looseOf, setKind, WIND_AND_FLOWER, type Demand } from './demand';
import { exposureProblem, readDeclaredHand } from './hand';
import { capOf, KINDS, tileIndex } from './pattern';
import type { Card, CardHand, DeclaredHand, HandMatch, MatchResult } from './types';

/** The tiles held and what the exposures take: per exposure (kind, size) how many, per kind sizes and real tiles. */
type Held = { have: Uint8Array; keys: { kind: number; size: number; count: number }[]; size: Uint8Array; real: Uint8Array };

const heldOf = (tiles: readonly Tile[], exposures: readonly (readonly Tile[])[]): Held => {
  const have = new Uint8Array(KINDS);
  for (const t of tiles) have[tileIndex.get(t)!]++;
  const keys: Held['keys'] = [];
  const size = new Uint8Array(KINDS);
  const real = new Uint8Array(KINDS);
  for (const e of exposures) {
    const kind = tileIndex.get(e.find((t) => t !== 'J')!)!;
    const key = keys.find((k) => k.kind === kind && k.size === e.length);
    if (key) key.count++;
    else keys.push({ kind, size: e.length, count: 1 });
    size[kind] += e.length;
    real[kind] += e.filter((t) => t !== 'J').length;
  }
  return { have, keys, size, real };
};

/** Each exposure is one whole set of its tile and size, a different one each. */
const setsTakeExposures = (d: Demand, x: Held, choice: readonly number[], shift: number): boolean => {
  for (const key of x.keys) {
    let free = 0;
    for (const g of d.sets) if (g.size === key.size && setKind(g, choice, shift) === key.kind) free++;
    if (free < key.count) return false;
  }
  return true;
};

/** Real tiles left of one kind fill its singles and pairs and fit in its sets left. */
const kindFits = (x: Held, kind: number, loose: number, sets: number): boolean => {
  const left = x.have[kind]! - x.real[kind]!;
  return left >= loose && left <= loose + sets - x.size[kind]!;
};

const fits = (d: Demand, x: Held): boolean => {
  for (const k of WIND_AND_FLOWER) if (!kindFits(x, k, d.fixedLoose[k]!, d.fixedSets[k]!)) return false;
  for (const choice of d.choices) {
    let dragons = true;
    for (let s = 0; s < 3 && dragons; s++) {
      const k = DRAGON_KIND[s]!;
      let loose = d.fixedLoose[k]!;
      let sets = d.fixedSets[k]!;
      const L = choice.indexOf(s);
      if (L >= 0) {
        loose += d.dLoose[L]!;
        sets += d.dSets[L]!;
      }
      dragons = kindFits(x, k, loose, sets);
    }
    if (!dragons) continue;
    for (const shift of d.shifts) {
      let numbers = true;
      for (let s = 0; s < 3 && numbers; s++) {
        const L = choice.indexOf(s);
        for (let m = 1; m <= 9 && numbers; m++) {
          const p = m - shift;
          const inRange = L >= 0 && p >= 1 && p <= 9;
          numbers = kindFits(x, s * 9 + m - 1, inRange ? d.numLoose[L]![p]! : 0, inRange ? d.numSets[L]![p]! : 0);
        }
      }
      if (numbers && setsTakeExposures(d, x, choice, shift)) return true;
    }
  }
  return false;
};

const byValue = <T extends { value: number }>(xs: T[]): T[] =>
  xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => b.x.value - a.x.value || a.i - b.i)
    .map((e) => e.x);

const matchOf = (h: CardHand): HandMatch => ({ section: h.section, hand: h.number, name: h.name, value: h.value, concealed: h.concealed });

/**
 * The hands of the card that 14 tiles and their exposures match, highest value first, then card
 * order; `best` is the first. `jokerless`: no joker among the 14, whatever matched. A hand that
 * does not read (see readDeclaredHand) matches nothing.
 */
export const matchHand = (card: Card, hand: DeclaredHand): MatchResult => {
  const jokerless = !hand.tiles.some((t) => String(t).toUpperCase() === 'J');
  const read = readDeclaredHand(hand);
  if (!read.ok) return { matches: [], best: null, jokerless };
  const x = heldOf(read.value.tiles, read.value.exposures);
  const exposed = read.value.exposures.length > 0;
  const matches = byValue(
    card.hands
      .filter((h) => !(h.concealed && exposed) && !(h.sp && !jokerless))
      .filter((h) => demandsFor(h).some((d) => fits(d, x)))
      .map(matchOf),
  );
  return { matches, best: matches[0] ?? null, jokerless };
};

/**
 * The hands a player with these exposures could still have declared, best value first then card
 * order: no concealed hand once she has exposed, and under one choice of suits and shift every
 * exposure is a whole set of its tile and size (a kong fits only a kong), a different set each,
 * with real tiles enough left for the pattern's singles and pairs. Exposures that are not sets
 * fit nothing.
 */
export const handsFitting = (card: Card, exposures: readonly (readonly Tile[])[]): CardHand[] => {
  const es = exposures.map((e) => e.map((t) => String(t).toUpperCase() as Tile));
  if (es.some((e) => e.some((t) => !tileIndex.has(t)) || exposureProblem(e) !== null)) return [];
  const x = heldOf([], es);
  const fitsExposures = (d: Demand): boolean =>
    d.choices.some((choice) =>
      d.shifts.some(
        (shift) =>
          setsTakeExposures(d, x, choice, shift) &&
          x.keys.every((k) => looseOf(d, k.kind, choice, shift) + x.real[k.kind]! <= capOf(k.kind)),
      ),
    );
  return byValue(card.hands.filter((h) => !(h.concealed && es.length > 0) && demandsFor(h).some(fitsExposures)));
};
