/**
 * Reference features per tile kind for one named set of tiles (the player's own set after
 * calibration, or the built-in common-art set). Stored compactly: int8 per value, base64.
 */
import { TILES, isTile, type Tile } from '../core/tiles';
import { FEATURE_LENGTH } from './features';
import type { StoredTileSet } from './tile-set';

export interface ReferenceSet {
  name: string;
  /** weight of colour against shape when matching (1: the player's own calibrated set; lower for
   *  the built-in set, whose colours a player's tiles need not share) */
  colourWeight?: number;
  /** one or more feature vectors per tile kind (several shots, several art styles) */
  entries: { tile: Tile; features: Float32Array }[];
}

export interface StoredReferenceSet {
  version: 1;
  name: string;
  colourWeight?: number;
  entries: { tile: Tile; f: string }[];
  /** the same shots described for real photographs (tile-set.ts): when present, the app reads
   *  with it, through the pipeline the teach-tiles / read-tiles commands use */
  taught?: StoredTileSet;
}

const toB64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** Features are unit vectors, so no value exceeds 1; 127 steps keep correlations within ~0.01. */
export const storeReferences = (set: ReferenceSet): StoredReferenceSet => ({
  version: 1,
  name: set.name,
  ...(set.colourWeight !== undefined && set.colourWeight !== 1 ? { colourWeight: set.colourWeight } : {}),
  entries: set.entries.map(({ tile, features }) => {
    const q = new Int8Array(features.length);
    for (let i = 0; i < features.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round(features[i]! * 127 * 4)));
    return { tile, f: toB64(new Uint8Array(q.buffer)) };
  }),
});

/** Parse a stored set; says what is wrong instead of returning a half-usable set. */
export const loadReferences = (raw: unknown): { ok: true; value: ReferenceSet } | { ok: false; error: string } => {
  const s = raw as StoredReferenceSet;
  if (!s || typeof s !== 'object' || s.version !== 1 || typeof s.name !== 'string' || !Array.isArray(s.entries))
    return { ok: false, error: 'Not a saved tile set (expected version 1 with a name and entries).' };
  const entries: ReferenceSet['entries'] = [];
  for (const [i, e] of s.entries.entries()) {
    if (!e || !isTile(e.tile) || typeof e.f !== 'string') return { ok: false, error: `Entry ${i + 1} is not a tile with features.` };
    const bytes = fromB64(e.f);
    if (bytes.length !== FEATURE_LENGTH)
      return { ok: false, error: `Entry ${i + 1} (${e.tile}) has ${bytes.length} values, expected ${FEATURE_LENGTH}.` };
    const q = new Int8Array(bytes.buffer);
    entries.push({ tile: e.tile, features: Float32Array.from(q, (v) => v / (127 * 4)) });
  }
  const cw = s.colourWeight;
  if (cw !== undefined && !(typeof cw === 'number' && cw > 0 && cw <= 1))
    return { ok: false, error: 'colourWeight must be a number in (0, 1].' };
  return { ok: true, value: { name: s.name, entries, ...(cw !== undefined ? { colourWeight: cw } : {}) } };
};

/** Which of the 36 kinds a set still lacks (calibration progress). */
export const missingKinds = (set: ReferenceSet): Tile[] => {
  const have = new Set(set.entries.map((e) => e.tile));
  return TILES.filter((t) => !have.has(t));
};
