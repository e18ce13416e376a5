/**
 * Which kinds a taught set does not know well enough yet, so the calibration can ask for them
 * again by name ("Show the Four Crak again") before the set is saved, and teach-tiles can say so.
 * A kind is weak when it has too few shots, or when one of its shots, left out of the set and
 * read against all the others as a tile never seen, comes out as another kind.
 */
import { TILES, type Tile } from '../core/tiles';
import { rankKinds, shotRuns, type TileSet } from './tile-set';

export interface Weakness {
  tile: Tile;
  shots: number;
  /** a shot of it was read as this kind */
  readAs?: Tile;
}

/** Kinds with no taught shot (the joker is never asked for: jokers are named by their letters). */
export const untaughtKinds = (set: TileSet): Tile[] => {
  const have = new Set(set.entries.map((e) => e.tile));
  return TILES.filter((t) => t !== 'J' && !have.has(t));
};

/** Taught kinds that need another look, the most doubtful first (misread, then fewest shots). */
export const weakKinds = (set: TileSet, minShots = 2): Weakness[] => {
  const shots = shotRuns(set.entries, set.views);
  const count = new Map<Tile, number>();
  for (const s of shots) count.set(s.tile, (count.get(s.tile) ?? 0) + 1);
  const misread = new Map<Tile, Tile>();
  for (const s of shots) {
    // A lone shot left out leaves nothing of its kind to match: too few, not misread.
    if (misread.has(s.tile) || count.get(s.tile)! < 2) continue;
    const others = [...set.entries.slice(0, s.from), ...set.entries.slice(s.to)];
    // Read as the camera would: the shot's own unshifted view against everything else taught.
    const best = rankKinds([set.entries[s.from]!.d], others, set.views)[0];
    if (best && best.tile !== s.tile) misread.set(s.tile, best.tile);
  }
  const weak: Weakness[] = [];
  for (const [tile, n] of count) {
    const readAs = misread.get(tile);
    if (readAs || n < minShots) weak.push({ tile, shots: n, ...(readAs ? { readAs } : {}) });
  }
  return weak.sort((a, b) => Number(!!b.readAs) - Number(!!a.readAs) || a.shots - b.shots || TILES.indexOf(a.tile) - TILES.indexOf(b.tile));
};
