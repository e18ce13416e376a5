/**
 * Which hands of the card a declared hand can be. Per pattern reading (suits x shift, cached per
 * hand of the card), the check is counts, not search: every exposure takes one whole set of its
 * tile and size (exposures of one tile and size are interchangeable), and then, per tile, the
 * real tiles left must fill the singles and pairs exactly and fit in the sets left, jokers
 * filling the rest of those sets (a joker may stand in any set of three or more).
 */
import type { Tile } from '../tiles';
import { exposureProblem, readDeclaredHand } from './hand';
import { capOf, JOKER, KINDS, readingsOf, readPattern, setKey, tileIndex, type Reading } from './pattern';
import type { Card, CardHand, DeclaredHand, HandMatch, MatchResult } from './types';

const cache = new WeakMap<CardHand, Reading[][]>();

/** The readings of each pattern of a card hand (none for a pattern that does not read). */
const readingsFor = (h: CardHand): Reading[][] => {
  let r = cache.get(h);
  if (r === undefined) {
    r = h.patterns.map((text) => {
      const p = readPattern(text);
      return p.ok ? readingsOf(p.pattern, h.any) : [];
    });
    cache.set(h, r);
  }
  return r;
};

/** What the exposures take: per set key how many, per tile kind the tiles and real tiles. */
type Exposed = { keys: Map<number, number>; size: Uint8Array; real: Uint8Array };

const exposedOf = (exposures: readonly (readonly Tile[])[]): Exposed => {
  const keys = new Map<number, number>();
  const size = new Uint8Array(KINDS);
  const real = new Uint8Array(KINDS);
  for (const e of exposures) {
    const k = tileIndex.get(e.find((t) => t !== 'J')!)!;
    const key = setKey(k, e.length);
    keys.set(key, (keys.get(key) ?? 0) + 1);
    size[k] += e.length;
    real[k] += e.filter((t) => t !== 'J').length;
  }
  return { keys, size, real };
};

/** Each exposure is one whole set of its tile and size, a different one each. */
const setsTakeExposures = (r: Reading, x: Exposed): boolean => {
  for (const [key, n] of x.keys) {
    let free = 0;
    for (const k of r.setKeys) if (k === key) free++;
    if (free < n) return false;
  }
  return true;
};

const fits = (r: Reading, have: Uint8Array, x: Exposed): boolean => {
  if (!setsTakeExposures(r, x)) return false;
  for (let k = 0; k < KINDS; k++) {
    if (k === JOKER) continue;
    const left = have[k]! - x.real[k]!;
    if (left < r.loose[k]! || left > r.loose[k]! + r.sets[k]! - x.size[k]!) return false;
  }
  return true;
};

const byValue = <T extends { value: number }>(xs: T[]): T[] => xs.map((x, i) => ({ x, i })).sort((a, b) => b.x.value - a.x.value || a.i - b.i).map((e) => e.x);

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
  const { tiles, exposures } = read.value;
  const have = new Uint8Array(KINDS);
  for (const t of tiles) have[tileIndex.get(t)!]++;
  const x = exposedOf(exposures);
  const matches = byValue(
    card.hands
      .filter((h) => !(h.concealed && exposures.length > 0) && !(h.sp && !jokerless))
      .filter((h) => readingsFor(h).some((rs) => rs.some((r) => fits(r, have, x))))
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
  const x = exposedOf(es);
  const fitsExposures = (r: Reading): boolean => {
    if (!setsTakeExposures(r, x)) return false;
    for (let k = 0; k < KINDS; k++) if (k !== JOKER && r.loose[k]! + x.real[k]! > capOf(k)) return false;
    return true;
  };
  return byValue(card.hands.filter((h) => !(h.concealed && es.length > 0) && readingsFor(h).some((rs) => rs.some(fitsExposures))));
};
