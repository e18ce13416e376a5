import { groupName } from './claims';
import type { GameEvent } from './events';
import { SEAT_NAMES, SEATS, type BySeat } from './seats';
import { copiesOf, DRAGONS, isSuitTile, SUITS, tileName, WINDS, type Tile } from './tiles';

/**
 * No more copies in sight than the set holds (RULES §1.1): 4 of each suit tile, wind and dragon,
 * 8 flowers, 8 jokers. "In sight" is what the tile counts show: discards not claimed plus the
 * tiles of every exposure (jokers included). A discard, an exposure or a joker exchange that would
 * show one more is refused with a sentence naming the tile and the count.
 */
export interface Sight {
  readonly floor: readonly { readonly tile: Tile; readonly claimedBy?: unknown }[];
  readonly exposures: Readonly<BySeat<readonly { readonly tiles: readonly Tile[] }[]>>;
}

/** Copies of `kind` in sight. */
export const inSight = (s: Sight, kind: Tile): number => {
  let n = 0;
  for (const f of s.floor) if (f.tile === kind && f.claimedBy === undefined) n++;
  for (const seat of SEATS) for (const x of s.exposures[seat]) for (const t of x.tiles) if (t === kind) n++;
  return n;
};

const NUMBER_WORDS: Readonly<Record<number, string>> = { 4: 'four', 8: 'eight' };
const plural = (t: Tile): string => `${tileName(t)}s`;
const a = (t: Tile): string => `${tileName(t).startsWith('E') ? 'an' : 'a'} ${tileName(t)}`;
const orList = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/** What the player may have meant: the same rank in a suit with copies left, another wind or dragon. */
const guess = (s: Sight, t: Tile): string => {
  const family: readonly Tile[] = isSuitTile(t)
    ? SUITS.map((suit) => `${t[0]}${suit}` as Tile)
    : (WINDS as readonly Tile[]).includes(t)
      ? WINDS
      : (DRAGONS as readonly Tile[]).includes(t)
        ? DRAGONS
        : [];
  const left = family.filter((k) => k !== t && inSight(s, k) < copiesOf(k));
  return left.length ? `is it ${orList(left.map(a))}?` : 'check the tile';
};

/** The kinds an event puts in sight (none for events that show no new tile). */
const kindsShown = (e: GameEvent): readonly Tile[] => {
  if (e.type === 'discard' || e.type === 'jokerExchange') return [e.tile];
  if (e.type === 'call' && 'exposure' in e && Array.isArray(e.exposure)) return [...new Set(e.exposure)];
  return [];
};

/** Why `after` (the state `e` led to from `before`) shows more copies than the set holds, or null. */
export const tooManyCopies = (before: Sight, after: Sight, e: GameEvent): string | null => {
  for (const kind of kindsShown(e)) {
    const n = inSight(after, kind);
    const max = copiesOf(kind);
    if (n <= max) continue;
    const all = `All ${NUMBER_WORDS[max] ?? max} ${plural(kind)} are already in sight`;
    if (e.type === 'discard') return `${all}: ${guess(before, kind)}`;
    if (e.type === 'jokerExchange') return `${all}: the tile given for ${SEAT_NAMES[e.from]}'s joker is not ${a(kind)}`;
    const size = e.type === 'call' && 'exposure' in e ? e.exposure.length : 3;
    return `This ${groupName(size)} would put ${n} ${plural(kind)} in sight; the set holds only ${NUMBER_WORDS[max] ?? max}`;
  }
  return null;
};
