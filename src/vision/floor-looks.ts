/**
 * The network's looks at the boxes of one whole frame (floor.ts), each paid for once: the faces
 * found under several paleness bars are often the same box, or nearly, and most of a frame's time
 * is the network (bench/vision-scene.ts). A box is read as a single tile's box is (tile-set.ts
 * describeTile and judge), with the network's members looked through one at a time so that a
 * first glance through the first member alone can tell whether a box is worth the rest.
 */
import type { Frame } from './image';
import type { FacePose } from './locate';
import { judge, type Candidate, type TileSet } from './tile-set';
import { embedWith, EMBEDDING_LENGTH, type Net } from './embedding';
import { netInput, netPose, NET_H, NET_W } from './embedding-input';
import { straighten } from './features';
import { faceShapes, nudges } from './face-shapes';

/** A box read: its kinds ranked, and how closely its best kind matches that kind's taught shots
 *  (cosine: a box holding a piece of the face, a neighbour's sliver or the tile's side matches no
 *  kind as closely as the face's own box does, however far ahead of the runner-up it puts one). */
export interface FloorRead {
  pose: FacePose;
  best: Candidate;
  rest: Candidate[];
  closeness: number;
}

/** A box this much the same as one already read (intersection over union) reads as it did. */
const SAME_BOX = 0.9;
/** A located box this near square may be a tile either way up or lying sideways (tile-set.ts), and
 *  so may one wider than tall in the face's own measure: a face's art is taller than wide, so that
 *  box's upright axis was likely taken the wrong way (read as located alone, 2 of 12 real faces
 *  boxed so read right; both ways round, 12). */
const SQUARE = 0.85;
/** Such a box read this surely as located is not looked at a quarter turn round too. */
const SURE_AS_LOCATED = 0.95;

const quarterTurn = (p: FacePose): FacePose => ({ ...p, angle: p.angle + Math.PI / 2, width: p.height, height: p.width });
const eitherWay = (p: FacePose) => p.width / p.height > SQUARE;

/** Of a face's shapes round a box looked at again, this many, those the first member alone
 *  matches most closely, are nudged once (face-shapes.ts) and read in full: all of them in full,
 *  each nudged three times as a framed tile's are, read 5 faces more right on the development
 *  scenes 5000-5031 for twice as many looks again. */
const NUDGED = 2;

/** Two boxes' tilts differ by at most this (radians, upside down alike) to be read the same. */
const SAME_TILT = 0.35;
/** How far apart two tilts are, the art upside down or not (0..π/2). */
const tiltApart = (a: number, b: number) => {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
};

/** Intersection over union of two faces' boxes (each a rotated rectangle: compared by the
 *  axis-aligned boxes round them, which is what is read the same), 0 when the boxes lie a quarter
 *  turn apart: the same pixels read as a face upright and lying sideways are two readings. */
const boxIou = (p: FacePose, q: FacePose) => {
  if (tiltApart(p.angle, q.angle) > SAME_TILT) return 0;
  const half = (f: FacePose) => {
    const c = Math.abs(Math.cos(f.angle)),
      s = Math.abs(Math.sin(f.angle));
    return [(f.width * c + f.height * s) / 2, (f.width * s + f.height * c) / 2] as const;
  };
  const [aw, ah] = half(p),
    [bw, bh] = half(q);
  const ix = Math.max(0, Math.min(p.cx + aw, q.cx + bw) - Math.max(p.cx - aw, q.cx - bw));
  const iy = Math.max(0, Math.min(p.cy + ah, q.cy + bh) - Math.max(p.cy - ah, q.cy - bh));
  const i = ix * iy;
  return i / (4 * aw * ah + 4 * bw * bh - i);
};

/** The looks of one frame: `read` a box in full, `glance` at it through the first member,
 *  `lookAgain` round it. */
export const floorLooks = (frame: Frame, set: TileSet, net: Net) => {
  // Each box's network input and members' embeddings, as embed() puts them side by side (each
  // scaled by k).
  const members = new Map<FacePose, { input: Float32Array; d: Float32Array[] }>();
  let looks = 0;
  const k = 1 / Math.sqrt(net.members.length);
  const member = (pose: FacePose, m: number): Float32Array => {
    let got = members.get(pose);
    if (!got) members.set(pose, (got = { input: netInput(straighten(frame, netPose(pose), NET_W, NET_H)), d: [] }));
    if (!got.d[m]) looks++;
    return (got.d[m] ??= embedWith(got.input, net.members[m]!));
  };
  const whole = (pose: FacePose): Float32Array => {
    const out = new Float32Array(EMBEDDING_LENGTH * net.members.length);
    net.members.forEach((_, m) =>
      out.set(
        member(pose, m).map((v) => v * k),
        m * EMBEDDING_LENGTH,
      ),
    );
    return out;
  };
  const turned = new Map<FacePose, FacePose>();
  const turn = (p: FacePose) => turned.get(p) ?? turned.set(p, quarterTurn(p)).get(p)!;
  const done: FloorRead[] = [];
  const glances = new Map<FacePose, number>();

  /** The box read in full: as located, and a quarter turn round when it may lie either way
   *  (SQUARE) and the first look is unsure. A box much the same as one already read takes its
   *  reading. */
  const read = (pose: FacePose): FloorRead | null => {
    const like = done.find((r) => boxIou(r.pose, pose) > SAME_BOX);
    if (like) return { ...like, pose };
    const qs = [whole(pose)];
    if (eitherWay(pose) && !((judge(qs, set).cands[0]?.confidence ?? 0) >= SURE_AS_LOCATED)) qs.push(whole(turn(pose)));
    const {
      closeness,
      cands: [best, ...rest],
    } = judge(qs, set);
    if (!best) return null;
    const r = { pose, best, rest, closeness };
    done.push(r);
    return r;
  };

  /** How surely the first member alone reads the box (both ways round when it may lie either way):
   *  half a look, which the full reading then reuses. The first member's part of the taught
   *  embeddings, against the box's first member scaled to match, is that member's cosine. */
  const glance = (pose: FacePose): number => {
    const seen = glances.get(pose);
    if (seen !== undefined) return seen;
    // A query as long as one member's embedding is dotted with the first member's part only.
    const query = (p: FacePose) => member(p, 0).map((v) => v / k);
    const qs = eitherWay(pose) ? [query(pose), query(turn(pose))] : [query(pose)];
    const c = judge(qs, set).cands[0]?.confidence ?? 0;
    glances.set(pose, c);
    return c;
  };

  /** A box read in full as located only (a face's shapes are laid both ways round already). */
  const look = (pose: FacePose): FloorRead | null => {
    const {
      closeness,
      cands: [best, ...rest],
    } = judge([whole(pose)], set);
    return best ? { pose, best, rest, closeness } : null;
  };
  /** How closely the first member alone matches the box's best kind under it (half a look). */
  const glanceClose = (pose: FacePose) => ({ pose, c: judge([member(pose, 0).map((v) => v / k)], set).closeness });
  const closer = <T extends { c: number }>(a: T, b: T) => (b.c > a.c ? b : a);
  /** A face's box looked at again (as a framed tile read unsurely is, tile-set.ts lookAgain): boxes
   *  of a face's shape in and round it (face-shapes.ts), those `fits` keeps (floor.ts: of a face's
   *  size), glanced at through the first member, the few it matches most closely nudged once
   *  towards a closer match and read in full. The reading of them whose kind matches most closely,
   *  or the box's own. */
  const lookAgain = (r: FloorRead, fits: (p: FacePose) => boolean): FloorRead => {
    const shapes = faceShapes(r.pose)
      .filter(fits)
      .map(glanceClose)
      .sort((a, b) => b.c - a.c);
    let best = r;
    for (const start of shapes.slice(0, NUDGED)) {
      const at = look(nudges(start.pose).map(glanceClose).reduce(closer, start).pose);
      if (at && at.closeness > best.closeness) best = at;
    }
    return best;
  };

  /** Already read (or much the same as a box that was): reading it costs nothing. */
  const known = (pose: FacePose) => done.some((r) => boxIou(r.pose, pose) > SAME_BOX);
  /** How many times a member of the network was run: what the frame's reading cost. */
  return { read, glance, known, lookAgain, members: net.members.length, looks: () => looks };
};
