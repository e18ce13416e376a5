/** The American set: 36 kinds, 152 tiles. Canonical codes as in the table-record spec. */
export const SUITS = ['B', 'C', 'D'] as const;
export type Suit = (typeof SUITS)[number];
export const SUIT_NAMES: { [s in Suit]: string } = { B: 'Bam', C: 'Crak', D: 'Dot' };

const RANKS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
type Rank = (typeof RANKS)[number];
export type SuitTile = `${Rank}${Suit}`;
export const WINDS = ['N', 'E', 'W', 'S'] as const;
export const DRAGONS = ['R', 'G', '0'] as const;
export type Honor = (typeof WINDS)[number] | (typeof DRAGONS)[number];
export type Tile = SuitTile | Honor | 'F' | 'J';

/** All 36 kinds in display order: bams, craks, dots, winds, dragons, flower, joker. */
export const TILES: readonly Tile[] = [...SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}` as SuitTile)), ...WINDS, ...DRAGONS, 'F', 'J'];

/** Copies of each kind in the set: 4, but 8 flowers and 8 jokers. */
export const copiesOf = (t: Tile): number => (t === 'F' || t === 'J' ? 8 : 4);

export const TOTAL_TILES = TILES.reduce((n, t) => n + copiesOf(t), 0); // 152

const RANK_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];
const HONOR_NAMES: Record<Honor | 'F' | 'J', string> = {
  N: 'North',
  E: 'East',
  W: 'West',
  S: 'South',
  R: 'Red Dragon',
  G: 'Green Dragon',
  '0': 'Soap',
  F: 'Flower',
  J: 'Joker',
};

/** The name a player says aloud when discarding: "Five Bam", "North", "Soap", "Joker". */
export const tileName = (t: Tile): string => {
  if (t.length === 2) return `${RANK_WORDS[Number(t[0]) - 1]} ${SUIT_NAMES[t[1] as Suit]}`;
  return HONOR_NAMES[t as Honor | 'F' | 'J'];
};

/** A longer name where one helps ("Soap (White Dragon)"). */
export const tileLongName = (t: Tile): string => (t === '0' ? 'Soap (White Dragon)' : tileName(t));

export const isSuitTile = (t: Tile): t is SuitTile => t.length === 2;
export const isJoker = (t: Tile): boolean => t === 'J';

const CANON = new Map<string, Tile>(TILES.map((t) => [t, t]));
// Friendly aliases a typist may use; the canonical code is always what is stored.
for (const [alias, t] of [
  ['WD', '0'],
  ['SOAP', '0'],
  ['RD', 'R'],
  ['GD', 'G'],
] as const)
  CANON.set(alias, t);
for (const s of SUITS) for (const r of RANKS) CANON.set(`${s}${r}`, `${r}${s}` as SuitTile); // "B5" (suit first) is read as "5B" too

/** Parse a tile code, case-insensitive ("5b", "n", "0", "j"). Returns null if it is not a tile. */
export const parseTile = (input: unknown): Tile | null =>
  typeof input === 'string' ? (CANON.get(input.trim().toUpperCase()) ?? null) : null;

export const isTile = (x: unknown): x is Tile => typeof x === 'string' && CANON.get(x) === x;
