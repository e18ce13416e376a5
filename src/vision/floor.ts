/**
 * The whole floor at once: every face in a frame of the table, declared as proposers, one scorer
 * and one selection rule.
 * - Proposers: the learned finder's boxes (finder.ts) put on their faces' corners (box-refiner.ts), a
 *   near-square one a quarter turn round too; round a box read unsurely, boxes of a face's shape
 *   (face-shapes.ts), the closest shifted.
 * - Scorer: a box's kinds ranked against the set, and how closely its best kind matches that
 *   kind's taught shots (tile-set.ts judge); of a face's boxes the closest is its reading.
 * - Selection (selectFaces): of two readings on one place the closer stays; a weak reading goes,
 *   and so does one the set does not know well where the finder was not sure of a face there.
 * All the frame's boxes go through the reading network together, in three runs: the finder's boxes,
 * the shapes round the unsure ones, and those shapes shifted. What the floor check, the new discard
 * and `read-tiles --all` use (`most`: the finder's largest scale, finder-input.ts).
 */
import { fitFrame, type Frame } from './image';
import { boxOf, type FacePose } from './locate';
import { judge, KNOWN, unsureUnlessKnown, type Candidate, type TileSet } from './tile-set';
import { embedAll, shippedNet, EMBEDDING_LENGTH, type Net } from './embedding';
import { netInput, netPose, straighten, NET_H, NET_W } from './embedding-input';
import { faceShapes, shifts } from './face-shapes';
import { AMONG_NEIGHBOURS_CAP } from './auto-record';
import { boxIou, findFaceBoxes, type Finder } from './finder';
import { FINDER_TUNING, type FinderTuning } from './finder-tuning';
import { refineBoxes } from './box-refiner';

export interface FloorReading extends Candidate {
  /** the face's box in the frame's pixels: [x, y, w, h] */
  box: [number, number, number, number];
  /** the tilt of the face's upright axis, degrees clockwise (about ±90: lying sideways) */
  angle: number;
  runnersUp: Candidate[];
  /** the confidence before the among-neighbours cap: how far ahead of the runner-up the kind is */
  uncapped: number;
  /** how closely the face matches its kind's taught shots (cosine): a box half on a neighbour or
   *  on a piece of the face matches no kind closely, however far ahead its kind is */
  closeness: number;
  /** the box's area over the finder's box for the face: about 1 for a face's own box */
  size: number;
  /** how sure the finder is that a face's centre lies there (0..1) */
  score: number;
}

/** A box read: its kinds ranked, and how closely its best kind matches that kind's taught shots. */
interface Read {
  pose: FacePose;
  best: Candidate;
  rest: Candidate[];
  closeness: number;
}

const area = (p: FacePose) => p.width * p.height;
const quarterTurn = (p: FacePose): FacePose => ({ ...p, angle: p.angle + Math.PI / 2, width: p.height, height: p.width });
/** The scorer. */
const readOf = (pose: FacePose, qs: readonly Float32Array[], set: TileSet): Read | null => {
  const {
    closeness,
    cands: [best, ...rest],
  } = judge(qs, set);
  return best ? { pose, best, rest, closeness } : null;
};

/** Is this reading reported? Its kind far enough ahead, and a face the set does not know well
 *  (unsure) only where the finder was sure enough of a face. */
export const reported = (f: FloorReading, t: FinderTuning = FINDER_TUNING): boolean =>
  f.uncapped >= t.weak && (f.closeness >= KNOWN || f.score >= t.unsureScore);

/** The selection rule: of readings whose boxes overlap more than the finder's bar, the one whose
 *  kind matches more closely stays (a second box on one face is never a second face); of the rest,
 *  those reported. */
export const selectFaces = (all: readonly FloorReading[], t: FinderTuning = FINDER_TUNING): FloorReading[] => {
  const kept: FloorReading[] = [];
  for (const f of [...all].sort((a, b) => b.closeness - a.closeness)) if (!kept.some((k) => boxIou(k.box, f.box) > t.nmsIou)) kept.push(f);
  return kept.filter((f) => reported(f, t)).sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
};

export const readFloor = async (
  frame: Frame,
  set: TileSet,
  finder: Finder,
  net: Net = shippedNet(),
  t: FinderTuning = FINDER_TUNING,
  most = 1,
): Promise<FloorReading[]> => {
  if (!set.entries.length || set.model !== net.id) return [];
  const { frame: fitted, scale } = fitFrame(frame);
  const found = await findFaceBoxes(finder, fitted, t, most, finder.table);
  const embed = (poses: readonly FacePose[]) =>
    embedAll(
      poses.map((p) => netInput(straighten(fitted, netPose(p), NET_W, NET_H))),
      net,
    );
  /** How closely the first member alone matches a box's best kind: half a look's judgement. Each
   *  member's part of an embedding is 1/sqrt(members) long, so the part's dot product with the
   *  taught shots' parts, times the members, is that member's cosine. */
  const k = net.length / EMBEDDING_LENGTH;
  const glance = (d: Float32Array) => judge([d.subarray(0, EMBEDDING_LENGTH).map((v) => v * k)], set).closeness;

  // The finder's boxes, each put on its face's corners (a box that fits its face reads right far
  // more often), and a quarter turn round when square enough to lie either way.
  const poses = await refineBoxes(
    finder.refiner,
    fitted,
    found.map((f) => f.pose),
  );
  const eitherWay = poses.map((p) => p.width / p.height > t.square);
  const first = await embed([...poses, ...poses.filter((_, i) => eitherWay[i]).map(quarterTurn)]);
  let turnedAt = poses.length;
  const reads = poses.map((pose, i) => {
    const qs = [first[i]!];
    const turned = eitherWay[i] ? first[turnedAt++]! : null;
    if (turned && !((judge(qs, set).cands[0]?.confidence ?? 0) >= t.sureAsLocated)) qs.push(turned);
    return readOf(pose, qs, set);
  });

  // The unsure ones: shapes round each box about the finder's size for the face, glanced at; the
  // few the first member matches most closely shifted a little each way, and the closest read in full.
  const unsure = reads.flatMap((r, i) => (r && r.closeness < t.lookAgain ? [i] : []));
  const shapes = unsure.map((i) => faceShapes(reads[i]!.pose).filter((p) => Math.abs(area(p) / area(found[i]!.pose) - 1) < t.sameSize));
  const shapeD = await embed(shapes.flat());
  let at = 0;
  const starts = shapes.map((ps) =>
    ps
      .map((pose) => ({ pose, d: shapeD[at]!, c: glance(shapeD[at++]!) }))
      .sort((a, b) => b.c - a.c)
      .slice(0, t.nudged),
  );
  const nudged = starts.map((ss) => ss.map((s) => shifts(s.pose)));
  const nudgedD = await embed(nudged.flat(2));
  at = 0;
  unsure.forEach((i, u) => {
    let best = reads[i]!;
    starts[u]!.forEach((start, s) => {
      const closest = nudged[u]![s]!.map((pose) => ({ pose, d: nudgedD[at]!, c: glance(nudgedD[at++]!) })).reduce(
        (a, b) => (b.c > a.c ? b : a),
        start,
      );
      const r = readOf(closest.pose, [closest.d], set);
      if (r && r.closeness > best.closeness) best = r;
    });
    reads[i] = best;
  });

  const all = reads.flatMap((r, i) => (r ? [readingOf(r, found[i]!.pose, found[i]!.score, scale)] : []));
  return selectFaces(all, t);
};

/** A box read, as the floor reports it: `proposed` the box it started from (frame pixels), `score` how
 *  sure the finder was of a face there, `scale` the read frame's pixels per frame pixel. */
const readingOf = (r: Read, proposed: FacePose, score: number, scale: number): FloorReading => {
  const [best, ...rest] = unsureUnlessKnown([r.best, ...r.rest], r.closeness) as [Candidate, ...Candidate[]];
  return {
    ...best,
    uncapped: best.confidence,
    closeness: r.closeness,
    size: area(r.pose) / area(proposed),
    score,
    confidence: Math.min(best.confidence, AMONG_NEIGHBOURS_CAP),
    box: boxOf(r.pose).map((v) => v / scale) as FloorReading['box'],
    angle: (r.pose.angle * 180) / Math.PI,
    runnersUp: rest.slice(0, 3),
  };
};

/** Faces proposed from elsewhere (frame pixels; the finder gave no box there, so its score is 0):
 *  each put on its face's corners and read as the finder's boxes are; those reported. */
export const readProposed = async (
  frame: Frame,
  proposed: readonly FacePose[],
  set: TileSet,
  finder: Finder,
  net: Net = shippedNet(),
  t: FinderTuning = FINDER_TUNING,
): Promise<FloorReading[]> => {
  if (!proposed.length || !set.entries.length || set.model !== net.id) return [];
  const { frame: fitted, scale } = fitFrame(frame);
  const at = proposed.map((p) => ({ ...p, cx: p.cx * scale, cy: p.cy * scale, width: p.width * scale, height: p.height * scale }));
  const poses = await refineBoxes(finder.refiner, fitted, at);
  const ds = await embedAll(
    poses.map((p) => netInput(straighten(fitted, netPose(p), NET_W, NET_H))),
    net,
  );
  return poses
    .flatMap((pose, i) => {
      const r = readOf(pose, [ds[i]!], set);
      return r ? [readingOf(r, at[i]!, 0, scale)] : [];
    })
    .filter((f) => reported(f, t));
};
