/**
 * A declared hand read from untrusted input (the `hand` command's JSON, a record's mah jongg):
 * 14 tile codes in either case, and the exposures made before mah jongg, each a set of three or
 * more of one tile (jokers allowed, at least one real tile) whose tiles are among the 14.
 */
import { err, ok, type Result } from '../result';
import { copiesOf, isTile, tileName, type Tile } from '../tiles';
import { TILES_PER_HAND } from './problems';
import type { DeclaredHand } from './types';

const CODES = '1B-9B, 1C-9C, 1D-9D, E, S, W, N, R, G, 0, F, J';
const SHAPE = 'a hand is {"tiles": [the 14 tile codes], "exposures": [[the tiles of each exposure], ...]}';

const readCode = (x: unknown): Tile | null =>
  typeof x === 'string' && isTile(x.trim().toUpperCase()) ? (x.trim().toUpperCase() as Tile) : null;
const shown = (x: unknown): string => (typeof x === 'string' ? `"${x.slice(0, 20)}"` : String(JSON.stringify(x) ?? typeof x).slice(0, 20));

const countTiles = (tiles: readonly Tile[]): Map<Tile, number> => {
  const m = new Map<Tile, number>();
  for (const t of tiles) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
};

/** Why an exposure cannot be one (the clause after "exposure N "), or null. */
export const exposureProblem = (e: readonly Tile[]): string | null => {
  if (e.length < 3) return `holds ${e.length} tile${e.length === 1 ? '' : 's'}: an exposure is a set of three or more`;
  const real = [...new Set(e.filter((t) => t !== 'J'))];
  if (real.length === 0) return 'holds only jokers: an exposure has at least one real tile';
  if (real.length > 1) return `mixes ${real.map(tileName).join(' and ')}: an exposure is one tile, with jokers`;
  return null;
};

/** Reads a declared hand; the error is one sentence (without a trailing period). */
export const readDeclaredHand = (value: unknown): Result<DeclaredHand, string> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return err(SHAPE);
  const v = value as { tiles?: unknown; exposures?: unknown };
  if (!Array.isArray(v.tiles)) return err(`the hand has no list of tiles: ${SHAPE}`);
  if (v.tiles.length !== TILES_PER_HAND)
    return err(`the hand holds ${v.tiles.length} tiles, not ${TILES_PER_HAND} (tiles lists all of them, exposed ones included)`);
  const tiles: Tile[] = [];
  for (const [i, x] of v.tiles.entries()) {
    const t = readCode(x);
    if (t === null) return err(`tile ${i + 1} of the hand, ${shown(x)}, is not a tile code: ${CODES}`);
    tiles.push(t);
  }
  for (const [t, n] of countTiles(tiles))
    if (n > copiesOf(t))
      return err(
        `the hand holds ${n} ${t === 'J' ? 'jokers' : t === 'F' ? 'Flowers' : `of ${tileName(t)}`}, and the set has only ${copiesOf(t)}`,
      );
  const rawExposures = v.exposures ?? [];
  if (!Array.isArray(rawExposures)) return err(`exposures is not a list: ${SHAPE}`);
  const exposures: Tile[][] = [];
  for (const [i, e] of rawExposures.entries()) {
    if (!Array.isArray(e)) return err(`exposure ${i + 1} is not a list of tile codes`);
    const ts: Tile[] = [];
    for (const x of e) {
      const t = readCode(x);
      if (t === null) return err(`exposure ${i + 1} has ${shown(x)}, which is not a tile code: ${CODES}`);
      ts.push(t);
    }
    const p = exposureProblem(ts);
    if (p !== null) return err(`exposure ${i + 1} ${p}`);
    exposures.push(ts);
  }
  const have = countTiles(tiles);
  for (const [t, n] of countTiles(exposures.flat()))
    if (n > (have.get(t) ?? 0))
      return err(
        `the exposures hold ${n} ${t === 'J' ? 'jokers' : `of ${tileName(t)}`} but the 14 tiles only ${have.get(t) ?? 0}: an exposure's tiles are among the 14`,
      );
  return ok({ tiles, exposures });
};
