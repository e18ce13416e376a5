/**
 * Reading real tiles against a set the player taught: find the framed face (framed.ts: the
 * learned finder), straighten it, embed it with the reading network (embedding.ts), and compare
 * it with every taught shot of every kind. The app's worker and the teach-tiles / read-tiles
 * commands share this one pipeline; the whole floor reads its faces with the same judge (floor.ts).
 */
import { isTile, type Tile } from '../core/tiles';
import { fitFrame, type Frame } from './image';
import type { FacePose } from './locate';
import { locateFramed } from './framed';
import { refineBoxes } from './box-refiner';
import { AMONG_NEIGHBOURS_CAP } from './auto-record';
import { netInput, netPose, straighten, NET_H, NET_W } from './embedding-input';
import { embedAll, shippedNet, EMBEDDING_LENGTH, type Net } from './embedding';
import { shippedFinder, type Finder } from './finder';

export interface TileSet {
  name: string;
  /** the network the shots were embedded with (embedding.ts Net.id) */
  model: string;
  /** several embeddings per kind: each taught shot, slightly shifted and scaled */
  entries: { tile: Tile; d: Float32Array }[];
  /** embeddings per shot (JITTER.length when taught; the built-in set keeps one) */
  views?: number;
}
export interface StoredTileSet {
  version: 3;
  name: string;
  model: string;
  views?: number;
  entries: { tile: Tile; d: string }[];
}

export interface Candidate {
  tile: Tile;
  confidence: number;
}
export type TileReading =
  { ok: true; tile: Tile; confidence: number; runnersUp: Candidate[]; closeness: number } | { ok: false; error: string; message: string };

/** Small shifts and scales of each taught shot: the player never frames a tile twice the same. */
const JITTER: readonly [number, number, number][] = [
  [0, 0, 1],
  [0.04, 0, 1],
  [-0.04, 0, 1],
  [0, 0.04, 1],
  [0, -0.04, 1],
  [0, 0, 0.93],
  [0, 0, 1.07],
];
/** Cosine gaps between the best two kinds: right readings of real photographs have a median gap
 *  of ~0.08, wrong ones stayed under 0.06 (bench/vision-real.ts), so 0.025 puts a 0.075 gap at
 *  95%, the auto-record floor. */
const TEMPERATURE = 0.025;
export const OTHER_MODEL = "This tile set was taught with an earlier version of the camera's reader: teach your tiles again.";

/** The embeddings of boxes of a frame, in one run of the network. */
const embedAt = (frame: Frame, poses: readonly FacePose[], net: Net) =>
  embedAll(
    poses.map((p) => netInput(straighten(frame, p, NET_W, NET_H))),
    net,
  );

/** The same face a quarter turn round: its width and height swap. */
const quarterTurn = (p: FacePose): FacePose => ({ ...p, angle: p.angle + Math.PI / 2, width: p.height, height: p.width });
/** A box this near square (width over height) may be a tile either way up or lying sideways: it is
 *  read a quarter turn round too. */
const SQUARE = 0.85;
const squarish = (p: FacePose) => p.width / p.height > SQUARE && p.width / p.height < 1 / SQUARE;

/** Embeddings of the one tile framed (taught shots: jittered; a reading: each box the finder gave
 *  the face, and a quarter turn round too when it is nearly square), or why there is none. */
export const describeTile = async (
  frame: Frame,
  mode: 'teach' | 'reference' | 'read',
  finder: Finder = shippedFinder(),
  net: Net = shippedNet(),
): Promise<{ ok: true; d: Float32Array[][]; neighbours: boolean } | { ok: false; error: string; message: string }> => {
  const found = await locateFramed(frame, finder);
  if (!found.ok) return found;
  // Each box also put on its face's corners (box-refiner.ts, as the floor's are).
  const at = { ...found, boxes: [...found.boxes, ...(await refineBoxes(finder.refiner, frame, found.boxes))] };
  if (mode !== 'read') {
    const poses = mode === 'teach' ? JITTER.map((j) => netPose(at.boxes[0]!, j)) : [netPose(at.boxes[0]!)];
    return { ok: true, d: [await embedAt(frame, poses, net)], neighbours: at.neighbours };
  }
  // Upright or upside down alike: the network was trained on faces turned either way, so one look
  // serves both. Each box's looks are embedded in one run, then handed back box by box.
  const looks = at.boxes.map((p) => (squarish(p) ? [p, quarterTurn(p)] : [p]));
  const all = await embedAt(
    frame,
    looks.flat().map((p) => netPose(p)),
    net,
  );
  let i = 0;
  return { ok: true, d: looks.map((l) => l.map(() => all[i++]!)), neighbours: at.neighbours };
};

/** The taught shots in a set's entries: each shot is a run of `views` views (teachSet: JITTER.length). */
export const shotRuns = (entries: TileSet['entries'], views = JITTER.length): { tile: Tile; from: number; to: number }[] => {
  const runs: { tile: Tile; from: number; to: number }[] = [];
  for (let from = 0; from < entries.length; from += views)
    runs.push({ tile: entries[from]!.tile, from, to: Math.min(entries.length, from + views) });
  return runs;
};

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** dot(q, e.d) of every entry e, each summed in the same order: four entries at a time, so that
 *  the four sums' additions do not wait on one another (a third of the floor's comparing time). */
const dots = (q: Float32Array, entries: TileSet['entries']): Float64Array => {
  const out = new Float64Array(entries.length),
    n = q.length;
  let e = 0;
  for (; e + 4 <= entries.length; e += 4) {
    const a = entries[e]!.d,
      b = entries[e + 1]!.d,
      c = entries[e + 2]!.d,
      d = entries[e + 3]!.d;
    let sa = 0,
      sb = 0,
      sc = 0,
      sd = 0;
    for (let i = 0; i < n; i++) {
      const v = q[i]!;
      sa += v * a[i]!;
      sb += v * b[i]!;
      sc += v * c[i]!;
      sd += v * d[i]!;
    }
    out[e] = sa;
    out[e + 1] = sb;
    out[e + 2] = sc;
    out[e + 3] = sd;
  }
  for (; e < entries.length; e++) out[e] = dot(q, entries[e]!.d);
  return out;
};

/** Each taught kind's score against the embeddings of one tile, best first: the mean of its two
 *  nearest shots (each shot: its nearest jittered view), so one stray shot of another kind that
 *  happens to lie close does not decide alone. */
const scoreKinds = (qs: readonly Float32Array[], entries: TileSet['entries'], views = JITTER.length): (readonly [Tile, number])[] => {
  // Each kind's two nearest shots, kept as they come (no list of every shot's score).
  const near = qs.map((q) => dots(q, entries)),
    shots = new Map<Tile, { a: number; b: number; n: number }>();
  for (let from = 0; from < entries.length; from += views) {
    const tile = entries[from]!.tile,
      to = Math.min(entries.length, from + views);
    let best = -2;
    for (let i = from; i < to; i++) for (const d of near) best = Math.max(best, d[i]!);
    const k = shots.get(tile);
    if (!k) shots.set(tile, { a: best, b: best, n: 1 });
    else if (k.n++ === 1) [k.a, k.b] = best > k.a ? [best, k.a] : [k.a, best];
    else if (best > k.a) [k.a, k.b] = [best, k.a];
    else if (best > k.b) k.b = best;
  }
  return [...shots].map(([tile, { a, b }]) => [tile, (a + b) / 2] as const).sort((a, b) => b[1] - a[1]);
};

/** A face whose best kind matches that kind's shots less closely than this (cosine, the mean of
 *  its two nearest shots) the set does not know well, and its reading is unsure. */
export const KNOWN = 0.9;
/** An unsure reading's confidence is at most this: under the panel's 60% "not sure" line, so it is
 *  proposed as unsure and never recorded by itself. */
export const UNSURE_CAP = 0.5;
/** The kinds for a face the set does not know well, its confidence capped: unsure. This is where a
 *  Flower won by default: the Flower kind holds eight different pictures (82 shots in the built-in
 *  set, about 14 for any other kind), so for a face matching nothing closely some flower picture
 *  is the likeliest to lie near, and the Flower came out ahead, sometimes far enough to be sure.
 *  Now it is proposed as unsure with the runners-up beside it. (Putting the Flower behind the next
 *  kind there instead was measured worse: the weak Flowers were more often right than wrong.) */
export const unsureUnlessKnown = (cands: Candidate[], closeness: number): Candidate[] =>
  closeness >= KNOWN || !cands[0] ? cands : [{ ...cands[0], confidence: Math.min(cands[0].confidence, UNSURE_CAP) }, ...cands.slice(1)];

/** Kinds scored (scoreKinds) with softmax confidences. */
const soften = (ranked: readonly (readonly [Tile, number])[]): Candidate[] => {
  if (!ranked.length) return [];
  const top = ranked[0]![1];
  const exps = ranked.map(([, s]) => Math.exp((s - top) / TEMPERATURE));
  const total = exps.reduce((a, b) => a + b, 0);
  return ranked.map(([tile], i) => ({ tile, confidence: exps[i]! / total }));
};

/** Embeddings of one tile against taught entries: every kind taught, best first, with softmax
 *  confidences. */
export const rankKinds = (qs: readonly Float32Array[], entries: TileSet['entries'], views = JITTER.length): Candidate[] =>
  soften(scoreKinds(qs, entries, views));

/** A box's embeddings against the set: how closely its best kind matches, and the kinds ranked
 *  (a framed tile's boxes here, the floor's in floor.ts). */
export const judge = (qs: readonly Float32Array[], set: TileSet) => {
  const scored = scoreKinds(qs, set.entries, set.views);
  return { closeness: scored[0]?.[1] ?? -2, cands: soften(scored) };
};

/** Compare a framed tile with a taught set: the kinds ranked, with softmax confidences. Of the
 *  boxes the finder gave the face (one per scale), the one whose best kind matches that kind's
 *  shots most closely is the face: a box holding a neighbour's sliver or half the face matches no
 *  kind well, however far ahead of the runner-up it puts its kind. (The new discard among
 *  neighbours, from the frame before: new-discard.ts.) */
export const readTile = async (
  full: Frame,
  set: TileSet,
  net: Net = shippedNet(),
  finder: Finder = shippedFinder(),
): Promise<TileReading> => {
  if (!set.entries.length) return { ok: false, error: 'no-references', message: 'No tile set to compare with: teach your tiles first.' };
  if (set.model !== net.id) return { ok: false, error: 'other-model', message: OTHER_MODEL };
  // A frame larger than a webcam's is read scaled down (image.ts fitFrame: never seconds a frame).
  const q = await describeTile(fitFrame(full).frame, 'read', finder, net);
  if (!q.ok) return q;
  const closest = q.d.map((qs) => judge(qs, set)).reduce((a, b) => (b.closeness > a.closeness ? b : a));
  const { closeness } = closest;
  let { cands } = closest;
  // Among neighbours the finder may still box a neighbour or part of the face: proposed, never
  // recorded by itself.
  if (q.neighbours && cands[0]) cands[0] = { ...cands[0], confidence: Math.min(cands[0].confidence, AMONG_NEIGHBOURS_CAP) };
  cands = unsureUnlessKnown(cands, closeness);
  return { ok: true, ...cands[0]!, runnersUp: cands.slice(1, 4), closeness };
};

/** Build a set from shots with their truth; says which shots could not be used. `plain`: one view
 *  per shot, unshifted (the built-in set: hundreds of shots, kept small). */
export const teachSet = async (
  name: string,
  shots: { frame: Frame; tile: Tile; label?: string }[],
  net: Net = shippedNet(),
  plain = false,
  finder: Finder = shippedFinder(),
) => {
  const entries: TileSet['entries'] = [];
  const skipped: { label: string; message: string }[] = [];
  for (const [i, s] of shots.entries()) {
    const r = await describeTile(s.frame, plain ? 'reference' : 'teach', finder, net);
    if (r.ok) for (const d of r.d[0]!) entries.push({ tile: s.tile, d });
    else skipped.push({ label: s.label ?? `shot ${i + 1}`, message: r.message });
  }
  return { set: { name, model: net.id, entries, ...(plain ? { views: 1 } : {}) } as TileSet, skipped };
};

const toB64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/** Stored compactly: int8 per value. Embeddings are unit length, so every value is within ±1:
 *  127 steps per unit keep cosines within ~0.005. */
const Q = 127;
export const storeTileSet = (set: TileSet): StoredTileSet => ({
  version: 3,
  name: set.name,
  model: set.model,
  ...(set.views ? { views: set.views } : {}),
  entries: set.entries.map(({ tile, d }) => ({
    tile,
    d: toB64(new Uint8Array(Int8Array.from(d, (v) => Math.max(-127, Math.min(127, Math.round(v * Q)))).buffer)),
  })),
});

/** Parse a stored set; a sentence instead of a half-usable set. Whether this app's network can
 *  read it is readTile's question (TileSet.model), so main can check a set without the network. */
export const loadTileSet = (raw: unknown): { ok: true; value: TileSet } | { ok: false; error: string } => {
  const s = raw as StoredTileSet;
  // Version 2 held hand-made descriptors, which the network cannot compare with.
  if (s && typeof s === 'object' && (s as { version: unknown }).version === 2) return { ok: false, error: OTHER_MODEL };
  if (
    !s ||
    typeof s !== 'object' ||
    s.version !== 3 ||
    typeof s.name !== 'string' ||
    typeof s.model !== 'string' ||
    !Array.isArray(s.entries)
  )
    return { ok: false, error: 'This is not a tile set made by teach-tiles (expected version 3 with a name, its reader and entries).' };
  const entries: TileSet['entries'] = [];
  let length = 0; // every entry as long as the first: a whole number of members' embeddings
  for (const [i, e] of s.entries.entries()) {
    if (!e || !isTile(e.tile) || typeof e.d !== 'string')
      return { ok: false, error: `Entry ${i + 1} of the tile set is not a tile with its description.` };
    let bytes: Uint8Array;
    try {
      bytes = Uint8Array.from(atob(e.d), (c) => c.charCodeAt(0));
    } catch {
      bytes = new Uint8Array(0);
    }
    length ||= bytes.length;
    if (!bytes.length || bytes.length % EMBEDDING_LENGTH || bytes.length !== length)
      return { ok: false, error: `Entry ${i + 1} of the tile set (${e.tile}) is damaged.` };
    entries.push({ tile: e.tile, d: Float32Array.from(new Int8Array(bytes.buffer), (v) => v / Q) });
  }
  const views = s.views;
  if (views !== undefined && !(Number.isInteger(views) && views > 0)) return { ok: false, error: 'The tile set is damaged (views).' };
  return { ok: true, value: { name: s.name, model: s.model, entries, ...(views ? { views } : {}) } };
};
