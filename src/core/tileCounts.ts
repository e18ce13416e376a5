import { copiesOf, TILES, type Tile } from './tiles';

/** What the table can see of one tile kind (RULES §11). */
export interface TileCount {
  /** On the discard floor, not claimed. */
  discarded: number;
  /** Showing in exposures (jokers in exposures count under the Joker kind: they are visible). */
  exposed: number;
  /** Copies in the set minus both. */
  unseen: number;
}

export type TileCounts = Readonly<Record<Tile, TileCount>>;

/** Count every kind from the floor (unclaimed discards) and the exposures' tiles. */
export const countTiles = (floor: Iterable<Tile>, exposed: Iterable<Tile>): TileCounts => {
  const d = new Map<Tile, number>();
  const x = new Map<Tile, number>();
  for (const t of floor) d.set(t, (d.get(t) ?? 0) + 1);
  for (const t of exposed) x.set(t, (x.get(t) ?? 0) + 1);
  const out = {} as Record<Tile, TileCount>;
  for (const t of TILES) {
    const discarded = d.get(t) ?? 0;
    const exposedN = x.get(t) ?? 0;
    out[t] = { discarded, exposed: exposedN, unseen: copiesOf(t) - discarded - exposedN };
  }
  return out;
};
