/**
 * A simple player (legal, not clever): she keeps the tiles of her two strongest suits and any
 * pairs, calls a discard when it makes a pung, kong or quint (with jokers now and then),
 * redeems exposed jokers on her own turn, and declares mah jongg when her hand is complete.
 * A complete hand here: 14 tiles as one natural pair and groups of 3 or more identical tiles
 * (jokers wild). The engine records a declared hand and its value; it does not judge
 * the card, so this stands in for the card.
 */
import { isSuitTile, SUITS, type Suit, type Tile } from '../../src/core';

export interface Player {
  /** Concealed tiles. */
  hand: Tile[];
  /** The two suits she collects. */
  suits: Suit[];
}

const countOf = (tiles: readonly Tile[], t: Tile): number => tiles.reduce((n, x) => (x === t ? n + 1 : n), 0);

export const newPlayer = (hand: Tile[]): Player => {
  const bySuit = SUITS.map((s) => ({ s, n: hand.filter((t) => isSuitTile(t) && t[1] === s).length }));
  bySuit.sort((a, b) => b.n - a.n);
  return { hand, suits: [bySuit[0]!.s, bySuit[1]!.s] };
};

export const removeTiles = (hand: Tile[], tiles: readonly Tile[]): void => {
  for (const t of tiles) {
    const i = hand.indexOf(t);
    if (i < 0) throw new Error(`simulator: ${t} is not in the hand`);
    hand.splice(i, 1);
  }
};

/** How much she wants to keep a tile (higher: keep). */
const keepScore = (p: Player, t: Tile): number => {
  if (t === 'J') return 1000;
  const c = countOf(p.hand, t);
  if (isSuitTile(t)) return 10 * c + (p.suits.includes(t[1] as Suit) ? 5 : -5);
  return 10 * c;
};

/** The tile she throws: the one she least wants; now and then a joker when she holds several. */
export const chooseDiscard = (p: Player, rand: () => number): Tile => {
  const jokers = countOf(p.hand, 'J');
  if (jokers >= 3 && rand() < 0.05) return 'J';
  let best: Tile = p.hand[0]!;
  let bestScore = Infinity;
  for (const t of p.hand) {
    const s = keepScore(p, t) + rand();
    if (s < bestScore) [best, bestScore] = [t, s];
  }
  return best;
};

/** Whether these concealed tiles complete a hand (the exposures are groups already). */
export const isComplete = (concealed: readonly Tile[]): boolean => {
  const naturals = new Map<Tile, number>();
  let jokers = 0;
  for (const t of concealed) {
    if (t === 'J') jokers++;
    else naturals.set(t, (naturals.get(t) ?? 0) + 1);
  }
  const kinds = [...naturals.keys()];
  for (const pair of kinds) {
    if (naturals.get(pair)! < 2) continue;
    let need = 0;
    let groups = 0;
    for (const k of kinds) {
      const c = naturals.get(k)! - (k === pair ? 2 : 0);
      if (c === 0) continue;
      groups++;
      if (c < 3) need += 3 - c;
    }
    const left = jokers - need;
    if (left < 0) continue;
    if (left === 0 || groups > 0 || left >= 3) return true;
  }
  return false;
};

/** The exposure she calls the discard `t` for, or null (the called tile included). */
export const callFor = (p: Player, t: Tile, rand: () => number): Tile[] | null => {
  if (t === 'J') return null;
  if (isSuitTile(t) && !p.suits.includes(t[1] as Suit)) return null;
  const c = countOf(p.hand, t);
  const j = countOf(p.hand, 'J');
  let x: Tile[] | null = null;
  if (c >= 3) x = j >= 1 && rand() < 0.3 ? [t, t, t, t, 'J'] : [t, t, t, t];
  else if (c === 2) x = j >= 2 && rand() < 0.15 ? [t, t, t, 'J', 'J'] : j >= 1 && rand() < 0.3 ? [t, t, t, 'J'] : [t, t, t];
  else if (c === 1 && j >= 2 && rand() < 0.3) x = [t, 'J', 'J'];
  if (!x) return null;
  // She keeps at least two tiles concealed after calling (one to discard).
  return p.hand.length - (x.length - 1) >= 2 ? x : null;
};

/** A joker she can redeem: a natural she holds for a joker in an exposure of that kind. */
export const exchangeOffer = <X extends { kind: Tile; tiles: Tile[] }>(
  p: Player,
  exposures: readonly { seat: string; list: readonly X[] }[],
): { from: string; tile: Tile } | null => {
  for (const { seat, list } of exposures)
    for (const x of list) if (x.tiles.includes('J') && p.hand.includes(x.kind)) return { from: seat, tile: x.kind };
  return null;
};

export const holdsJoker = (tiles: readonly Tile[]): boolean => tiles.includes('J');
