/**
 * Reading real tiles against a set the player taught: locate the face (on a table or cropped
 * tight), straighten it, describe it (descriptor.ts), and compare it with every taught shot of
 * every kind, upright and turned round. The app's worker and the teach-tiles / read-tiles
 * commands share this one pipeline.
 */
import { isTile, type Tile } from '../core/tiles';
import type { Frame } from './image';
import type { FacePose, Located } from './locate';
import { locateTile } from './locate-tight';
import { straighten } from './features';
import { cosine, describeFace, turn180, DESC_H, DESC_W, DESCRIPTOR_LENGTH } from './descriptor';

export interface TileSet {
  name: string;
  /** several descriptors per kind: each taught shot, slightly shifted and scaled */
  entries: { tile: Tile; d: Float32Array }[];
}
export interface StoredTileSet { version: 2; name: string; entries: { tile: Tile; d: string }[] }

export interface Candidate { tile: Tile; confidence: number }
export type TileReading =
  | { ok: true; tile: Tile; confidence: number; runnersUp: Candidate[] }
  | { ok: false; error: string; message: string };

/** Small shifts and scales of each taught shot: the player never frames a tile twice the same. */
export const JITTER: readonly [number, number, number][] = [[0, 0, 1], [0.04, 0, 1], [-0.04, 0, 1], [0, 0.04, 1], [0, -0.04, 1], [0, 0, 0.93], [0, 0, 1.07]];
const TEMPERATURE = 0.02; // cosine gaps of ~0.04 between the best two kinds mean ~88% confidence

/** Only the inner part of the located face is described: its rim (bevel shading, slivers of the
 *  neighbours when the locator's box runs a little wide) carries no art. */
const INNER = 0.92;
const jitter = (p: FacePose, [dx, dy, s]: readonly [number, number, number]): FacePose =>
  ({ ...p, cx: p.cx + dx * p.width, cy: p.cy + dy * p.height, width: p.width * s * INNER, height: p.height * s * INNER });

/** Descriptors of the one tile in a frame (taught shots: jittered; readings: upright and turned,
 *  at the located size and a little tighter, as a face with a wide rim or slivers needs). */
export const describeTile = (
  frame: Frame,
  mode: 'teach' | 'read',
  at: Located = locateTile(frame),
): { ok: true; d: Float32Array[] } | { ok: false; error: string; message: string } => {
  if (!at.ok) return at;
  if (mode === 'teach') return { ok: true, d: JITTER.map((j) => describeFace(straighten(frame, jitter(at.pose, j), DESC_W, DESC_H))) };
  return { ok: true, d: ([1, 0.94] as const).flatMap((s) => {
    const face = straighten(frame, jitter(at.pose, [0, 0, s]), DESC_W, DESC_H);
    return [describeFace(face), describeFace(turn180(face))];
  }) };
};

/** Descriptors of one tile against taught entries: every kind taught, best first, with softmax confidences. */
export const rankKinds = (qs: readonly Float32Array[], entries: TileSet['entries']): Candidate[] => {
  const best = new Map<Tile, number>();
  for (const e of entries)
    for (const d of qs) {
      const s = cosine(d, e.d);
      if (s > (best.get(e.tile) ?? -2)) best.set(e.tile, s);
    }
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  if (!ranked.length) return [];
  const top = ranked[0]![1];
  const exps = ranked.map(([, s]) => Math.exp((s - top) / TEMPERATURE));
  const total = exps.reduce((a, b) => a + b, 0);
  return ranked.map(([tile], i) => ({ tile, confidence: exps[i]! / total }));
};

/** Compare a frame with a taught set: the kinds ranked, with softmax confidences. */
export const readTile = (frame: Frame, set: TileSet): TileReading => {
  if (!set.entries.length) return { ok: false, error: 'no-references', message: 'No tile set to compare with: teach your tiles first.' };
  const q = describeTile(frame, 'read');
  if (!q.ok) return q;
  const cands = rankKinds(q.d, set.entries);
  return { ok: true, ...cands[0]!, runnersUp: cands.slice(1, 4) };
};

/** Build a set from shots with their truth; says which shots could not be used. */
export const teachSet = (name: string, shots: { frame: Frame; tile: Tile; label?: string }[]) => {
  const entries: TileSet['entries'] = [];
  const skipped: { label: string; message: string }[] = [];
  for (const [i, s] of shots.entries()) {
    const r = describeTile(s.frame, 'teach');
    if (r.ok) for (const d of r.d) entries.push({ tile: s.tile, d });
    else skipped.push({ label: s.label ?? `shot ${i + 1}`, message: r.message });
  }
  return { set: { name, entries } as TileSet, skipped };
};

const toB64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/** Stored compactly: int8 per value. Descriptor blocks are unit length spread over many values, so
 *  values stay well within ±0.33: 381 steps per unit keep cosines within ~0.005. */
const Q = 127 * 3;
export const storeTileSet = (set: TileSet): StoredTileSet => ({
  version: 2,
  name: set.name,
  entries: set.entries.map(({ tile, d }) => ({ tile, d: toB64(new Uint8Array(Int8Array.from(d, (v) => Math.max(-127, Math.min(127, Math.round(v * Q)))).buffer)) })),
});

/** Parse a stored set; a sentence instead of a half-usable set. */
export const loadTileSet = (raw: unknown): { ok: true; value: TileSet } | { ok: false; error: string } => {
  const s = raw as StoredTileSet;
  if (!s || typeof s !== 'object' || s.version !== 2 || typeof s.name !== 'string' || !Array.isArray(s.entries))
    return { ok: false, error: 'This is not a tile set made by teach-tiles (expected version 2 with a name and entries).' };
  const entries: TileSet['entries'] = [];
  for (const [i, e] of s.entries.entries()) {
    if (!e || !isTile(e.tile) || typeof e.d !== 'string') return { ok: false, error: `Entry ${i + 1} of the tile set is not a tile with its description.` };
    let bytes: Uint8Array;
    try { bytes = Uint8Array.from(atob(e.d), (c) => c.charCodeAt(0)); } catch { bytes = new Uint8Array(0); }
    if (bytes.length !== DESCRIPTOR_LENGTH) return { ok: false, error: `Entry ${i + 1} of the tile set (${e.tile}) is damaged.` };
    entries.push({ tile: e.tile, d: Float32Array.from(new Int8Array(bytes.buffer), (v) => v / Q) });
  }
  return { ok: true, value: { name: s.name, entries } };
};
