/**
 * Reading real tiles against a set the player taught: locate the face (on a table or cropped
 * tight), straighten it, embed it with the reading network (embedding.ts), and compare it with
 * every taught shot of every kind. The app's worker and the teach-tiles / read-tiles commands
 * share this one pipeline.
 */
import { isTile, type Tile } from '../core/tiles';
import { fitFrame, type Frame } from './image';
import type { FacePose, Located } from './locate';
import { locateTile } from './locate-tight';
import { AMONG_NEIGHBOURS_CAP } from './find-faces';
import { refineBoxes } from './refine-box';
import { faceShapes, nudges } from './face-shapes';
import { straighten } from './features';
import { netInput, netPose, NET_H, NET_W } from './embedding-input';
import { embedAll, shippedNet, EMBEDDING_LENGTH, type Net } from './embedding';

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
/** Read less surely than this among neighbours, a framed tile is looked at again (readTile). */
const LOOK_AGAIN = 0.8;
/** A face's exact box matches its kind's shots at least this closely (cosine) 19 times in 20 (the
 *  synthetic scenes 1000-1015). */
const CLOSE = 0.92;
/** A located box this near square may be a tile either way up or lying sideways. */
const SQUARE = 0.85;
/** A face's long side is about 0.6 of the frame's when the player frames a tile with room round
 *  it (1.6 times). A second look's box under this share of the frame's side is part of a face, and a
 *  part (one dot of eight, four of seven, one bam's stick) matches a plainer kind as closely as the
 *  whole face matches its own: 4 of 7 second looks that turned a right reading wrong in scenes
 *  5000-5031 and 6000-6031 were such parts, and none of the 29 that turned a wrong one right. */
const PART_OF_FRAME = 0.45;

/** Embeddings of the one tile in a frame (taught shots: jittered; a reading: as located, and a
 *  quarter turn round too when the box is nearly square and so may be sideways). */
export const describeTile = async (
  frame: Frame,
  mode: 'teach' | 'reference' | 'read',
  at: Located = locateTile(frame),
  net: Net = shippedNet(),
): Promise<{ ok: true; d: Float32Array[] } | { ok: false; error: string; message: string }> => {
  if (!at.ok) return at;
  if (mode === 'teach')
    return {
      ok: true,
      d: await embedAt(
        frame,
        JITTER.map((j) => netPose(at.pose, j)),
        net,
      ),
    };
  if (mode === 'reference') return { ok: true, d: await embedAt(frame, [netPose(at.pose)], net) };
  // Upright or upside down alike: the network was trained on faces turned either way (both ways
  // read the same photographs equally well in the bench), so one look serves both.
  const aspect = at.pose.width / at.pose.height;
  const poses = aspect > SQUARE && aspect < 1 / SQUARE ? [at.pose, quarterTurn(at.pose)] : [at.pose];
  return {
    ok: true,
    d: await embedAt(
      frame,
      poses.map((p) => netPose(p)),
      net,
    ),
  };
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

/** A box read and how closely its best kind matches that kind's taught shots. */
interface Look {
  pose: FacePose;
  closeness: number;
  cands: Candidate[];
}
/** The boxes of a face's shape looked at again that are nudged, and how often at most. */
const NUDGED = 3,
  NUDGES = 3;
/** A box moved, a step at a time, to whichever nudge (face-shapes.ts) its kind matches more
 *  closely, until none does: a box of a face's shape laid along a box gone wrong is near the face,
 *  seldom on it. */
const nudgeCloser = async (start: Look, look: (ps: FacePose[]) => Promise<Look[]>): Promise<Look> => {
  let at = start;
  for (let i = 0; i < NUDGES; i++) {
    const next = (await look(nudges(at.pose))).reduce((x, y) => (y.closeness > x.closeness ? y : x), at);
    if (next === at) break;
    at = next;
  }
  return at;
};

/** Boxes read, in one run: how closely each one's best kind matches, and the kinds ranked. */
export const lookAt = async (frame: Frame, poses: readonly FacePose[], set: TileSet, net: Net = shippedNet()): Promise<Look[]> =>
  (
    await embedAt(
      frame,
      poses.map((p) => netPose(p)),
      net,
    )
  ).map((d, i) => ({ pose: poses[i]!, ...judge([d], set) }));

/** A box's embeddings against the set: how closely its best kind matches, and the kinds ranked
 *  (a framed tile's looks here, the floor's in floor.ts). */
export const judge = (qs: readonly Float32Array[], set: TileSet) => {
  const scored = scoreKinds(qs, set.entries, set.views);
  return { closeness: scored[0]?.[1] ?? -2, cands: soften(scored) };
};

/** The box of a face's shape in and round the boxes given that matches a kind most closely, the
 *  few closest nudged closer still (readTile's second look). */
export const lookAgain = async (frame: Frame, boxes: readonly FacePose[], set: TileSet, net: Net = shippedNet()): Promise<Look> => {
  const look = (poses: FacePose[]) => lookAt(frame, poses, set, net);
  const looks = (await look(boxes.flatMap(faceShapes))).sort((x, y) => y.closeness - x.closeness);
  const nudged = await Promise.all(looks.slice(0, NUDGED).map((start) => nudgeCloser(start, look)));
  return [...nudged, ...looks].reduce((x, y) => (y.closeness > x.closeness ? y : x));
};

/** Compare a framed tile with a taught set: the kinds ranked, with softmax confidences. (The new
 *  discard among neighbours, from the frame before: new-discard.ts.) */
export const readTile = async (full: Frame, set: TileSet, net: Net = shippedNet()): Promise<TileReading> => {
  if (!set.entries.length) return { ok: false, error: 'no-references', message: 'No tile set to compare with: teach your tiles first.' };
  if (set.model !== net.id) return { ok: false, error: 'other-model', message: OTHER_MODEL };
  // A frame larger than a webcam's is read scaled down (image.ts fitFrame: never seconds a frame).
  const frame = fitFrame(full).frame;
  const found = locateTile(frame);
  // Among neighbours each box is put on its face's own edges first (refine-box.ts); a tile alone is
  // boxed from its clear border already.
  const refined = found.ok && found.neighbours ? [found.pose, ...(found.others ?? [])].map((p) => refineBoxes(frame, p)) : [];
  const at: Located =
    found.ok && refined.length
      ? {
          ...found,
          pose: refined[0]!.box,
          others: [...refined.slice(1).map((r) => r.box), ...refined.flatMap((r) => (r.whole ? [r.whole] : []))],
        }
      : found;
  const qs = await Promise.all(
    [at, ...((at.ok && at.others) || []).map((pose) => ({ ok: true as const, pose }))].map((a) => describeTile(frame, 'read', a, net)),
  );
  const q = qs[0]!;
  if (!q.ok) return q;
  // Each box read: its kinds scored, and softened into confidences.
  const reads = [judge(q.d, set)];
  // Among neighbours the face finder may give the face more than one box: the one whose best kind
  // matches that kind's shots most closely is most likely the face alone (a box holding a
  // neighbour's sliver or the tile's own side, or half the face, matches no kind well, however far
  // ahead of the runner-up it puts its kind). The surest box won before: 2 fewer tiles right in
  // scenes 5000-5031, 2 in 3000-3031, 4 of 384 real tiles touching in a row.
  for (const o of qs.slice(1)) if (o.ok) reads.push(judge(o.d, set));
  const closest = reads.reduce((a, b) => (b.closeness > a.closeness ? b : a));
  let { cands, closeness } = closest;
  // Read unsurely among neighbours, every box may be the face gone wrong (half of it, the face
  // with its side, turned a quarter): boxes of a face's shape in and round each are read too, and
  // the few matching a kind most closely are nudged towards a closer match still. One of them wins
  // only when it matches a kind more closely than every box given did, and as closely as an exact
  // face's box does: however far ahead of the runner-up an off box puts its kind, it matches that
  // kind's shots less closely.
  if (at.ok && at.neighbours && !((cands[0]?.confidence ?? 0) >= LOOK_AGAIN)) {
    const best = await lookAgain(frame, [at.pose, ...(at.others ?? [])], set, net);
    const whole = Math.max(best.pose.width, best.pose.height) >= PART_OF_FRAME * Math.max(frame.width, frame.height);
    if (whole && best.closeness > Math.max(CLOSE, ...reads.map((r) => r.closeness))) ({ cands, closeness } = best);
  }
  if (at.ok && at.neighbours && cands[0]) cands[0] = { ...cands[0], confidence: Math.min(cands[0].confidence, AMONG_NEIGHBOURS_CAP) };
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
) => {
  const entries: TileSet['entries'] = [];
  const skipped: { label: string; message: string }[] = [];
  for (const [i, s] of shots.entries()) {
    const r = await describeTile(s.frame, plain ? 'reference' : 'teach', locateTile(s.frame), net);
    if (r.ok) for (const d of r.d) entries.push({ tile: s.tile, d });
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
