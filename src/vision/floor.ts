/**
 * The whole floor at once: every tile face found in a frame of the table (find-faces.ts), each
 * read with a set as a single tile is (tile-set.ts). What `read-tiles --all` prints.
 */
import { fitFrame, type Frame } from './image';
import { boxOf, findFacesUnder, AMONG_NEIGHBOURS_CAP, PALENESS, PIECE } from './find-faces';
import type { FacePose } from './locate';
import { unsureUnlessKnown, type Candidate, type TileSet } from './tile-set';
import { shippedNet, type Net } from './embedding';
import { floorLooks, type FloorRead as Read } from './floor-looks';
import { refineBoxes } from './refine-box';
import { rowGaps } from './row-gaps';
import { joinHalves } from './join-halves';

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
  /** the box's area over a face's at its height in the frame (faceArea): about 1 for a face's own
   *  box, well under for a piece of a face, well over for a box taking in part of a neighbour */
  size: number;
}

/** A reading this sure is kept without reading the face's boxes under the other bars (unless its
 *  box is likely a piece of the face: PIECE_LIKE). A box a quarter onto a neighbour or on a piece
 *  of its face reads 90-95% sure now and then (a 1 Crak, 3 Bam or North in part of another face),
 *  and put out the face's own boxes at 90%. */
const SURE = 0.95;
/** A face's best box whose kind matches that kind's taught shots less closely than this (cosine)
 *  is often a piece of the face or a box half on a neighbour: the face's boxes the first member's
 *  glance passed over are read too (of the readings on the development scenes 5000-5031 before
 *  they were, 37 of the 85 matching less closely were wrong, 8 of the 560 matching more closely). */
const UNSURE = 0.9;
/** A face whose best box matches its kind less closely than this (cosine) is looked at again
 *  round that box (floor-looks.ts lookAgain), and read through a box found there that matches a
 *  kind at least this closely and more closely than its own: of the readings matching under it on
 *  the development scenes 5000-5031, 25 of 41 were wrong (11 of 605 matching more closely). */
const LOOK_AGAIN = 0.88;
/** A box under this share of a face's area at its height (faceArea) is likely a piece of its face
 *  (half of one, its lit part): read however surely, it does not put out the face's other boxes.
 *  Pieces read a wrong kind 95-99% sure now and then (a 3 Bam, 1 Crak or 2 Dot in part of another
 *  face), and the face's own box, skipped, read right as surely. */
const PIECE_LIKE = 0.75;
/** A reading less sure than this is more often wrong than right on the floor (bench/vision-scene.ts:
 *  a box on a face's half, a neighbour's sliver or a tile's side): it is not reported. */
const WEAK = 0.4;
/** The single tile's usual bar and its laxer one (find-faces.ts PALENESS), then 50% and 40%: the
 *  bars are judged against the brightest paper nearby, and across a whole table faces in shadow
 *  beside lit ones are many (the player's frame and its centre's own paper, which find them for a
 *  single tile, are not there). Its stricter 80% finds less on the floor than a fifth bar's time
 *  buys there (bench/vision-scene.ts). */
const FLOOR_PALENESS = [PALENESS[0]!, PALENESS[1]!, 0.5, 0.4];
/** A face's size is fitted again over the faces read surely (faceArea) when at least this many
 *  are: a row and a half of a scene's. */
const SURE_FACES = 6;
/** Boxes covering this much of the smaller one are on the same face. */
const OVERLAP = 0.4;
/** A box this much larger than the faces about as far from the camera takes in part of a
 *  neighbour (two faces side by side, or a face and its lit side): of such boxes' readings over
 *  1.4 times the faces beside them 3 in 78 were right on the development scenes, and a sure wrong
 *  one beat the face's own boxes (bench/vision-scene.ts). 1.2-1.4 read alike there. */
const TOO_LARGE = 1.3;
/** A face nearer the camera than the faces beside it is larger both ways, by at least this. */
const NEARER = 1.3;

const area = (p: FacePose) => p.width * p.height;
const long = (p: FacePose) => Math.max(p.width, p.height);
const short = (p: FacePose) => Math.min(p.width, p.height);
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The boxes about as far from the camera as this one (the rows across the frame: near faces
 *  are larger than far ones), or all when few are. */
const nearby = (all: readonly FacePose[], p: FacePose): readonly FacePose[] => {
  const near = all.filter((o) => Math.abs(o.cy - p.cy) < long(p));
  return near.length >= 3 ? near : all;
};
/** Boxes this far apart up and down the frame (pixels) are in different rows. */
const ROWS_APART = 20;
/** A face's area at each height in the frame: its side grows about in step with its nearness to
 *  the camera, down the frame, fitted over every box the bars found (the median slope over pairs of
 *  boxes in different rows, then the median offset: Theil-Sen). A row whose boxes are mostly
 *  pieces of faces, or faces joined to neighbours, takes its size from the other rows too (its own
 *  middle box was a piece, or two faces, and its faces' own boxes were not read). */
const faceArea = (all: readonly FacePose[]) => {
  const slopes: number[] = [];
  for (const [i, p] of all.entries())
    for (const q of all.slice(i + 1))
      if (Math.abs(q.cy - p.cy) > ROWS_APART) slopes.push((Math.sqrt(area(q)) - Math.sqrt(area(p))) / (q.cy - p.cy));
  const b = slopes.length ? median(slopes) : 0,
    a = all.length ? median(all.map((p) => Math.sqrt(area(p)) - b * p.cy)) : 0;
  return (y: number) => (a + b * y) ** 2;
};
/** Whether a box is of a face's size at its height in the frame (`faces`: faceArea): not a piece
 *  of a face (under PIECE of a face's area), nor a face with part of a neighbour (over TOO_LARGE)
 *  unless larger both ways than the boxes about as far from the camera, as a face nearer the
 *  camera than its row is. */
const faceSized = (all: readonly FacePose[], faces: (y: number) => number, p: FacePose): boolean => {
  const near = nearby(all, p),
    k = area(p) / faces(p.cy);
  if (k < PIECE) return false;
  return k <= TOO_LARGE || (long(p) >= NEARER * median(near.map(long)) && short(p) >= NEARER * median(near.map(short)));
};

const inside = (p: FacePose, q: FacePose) => {
  const [x, y, w, h] = boxOf(q);
  return p.cx > x && p.cx < x + w && p.cy > y && p.cy < y + h;
};

/** How much of the smaller of two faces' boxes the other covers. */
const overlap = (p: FacePose, q: FacePose) => {
  const a = boxOf(p),
    b = boxOf(q);
  const ix = Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]));
  return (ix * iy) / Math.min(a[2] * a[3], b[2] * b[3]);
};

/** Every whole face in the frame (faces cut by its edge are left out), read with the set (each
 *  among neighbours: never sure enough to record by itself, AMONG_NEIGHBOURS_CAP). Faces are
 *  looked for under each paleness bar (FLOOR_PALENESS), each box put on its face's own edges
 *  (refine-box.ts) before it is read, with the whole face's box when it holds part of one;
 *  boxes far from the size of the faces beside them (pieces of a face, or a face with part of a
 *  neighbour) are not read; boxes that overlap are one face, read through the box whose kind
 *  matches most closely, and weak readings are not reported. */
export const readFloor = (frame: Frame, set: TileSet, net: Net = shippedNet()): FloorReading[] => {
  // A frame larger than a webcam's is read scaled down (image.ts fitFrame), its boxes scaled back.
  const { frame: fitted, scale } = fitFrame(frame);
  const readings = readFitted(fitted, set, net);
  return scale === 1 ? readings : readings.map((r) => ({ ...r, box: r.box.map((v) => v / scale) as FloorReading['box'] }));
};

const readFitted = (frame: Frame, set: TileSet, net: Net): FloorReading[] => {
  if (!set.entries.length || set.model !== net.id) return [];
  const { read, glance, known, lookAgain, members } = floorLooks(frame, set, net);
  const found: Read[] = [];
  const faces = findFacesUnder(frame, FLOOR_PALENESS);
  // A box much smaller than the faces about as far from the camera is part of a face (half of
  // one, a neighbour's sliver, the lit part of a face in shadow), one much larger takes in part of
  // a neighbour: either's reading is mostly wrong and may be surer than the face's own boxes', so
  // it is not read at all. Judged against the boxes the bars found (before each is put on its
  // edges, which is free).
  const all = faces
    .flat()
    .filter((f) => !f.cut)
    .map((f) => f.pose);
  const faceAt = faceArea(all),
    fits = (p: FacePose) => faceSized(all, faceAt, p);
  const groupOf = (pose: FacePose) => found.find((f) => inside(pose, f.pose) || inside(f.pose, pose));
  const pieceLike = (r: Read) => area(r.pose) < PIECE_LIKE * faceAt(r.pose.cy);
  /** The box's reading, a new face's or its face's when its kind matches more closely than the
   *  face's best so far does (as a framed tile's boxes are chosen, tile-set.ts readTile: how sure
   *  a box is says how far ahead of the runner-up it puts its kind, not whether it holds the face). */
  const weigh = (pose: FacePose, same: Read | undefined) => {
    const r = read(pose);
    if (!r) return;
    if (!same) found.push(r);
    else if (r.closeness > same.closeness) Object.assign(same, r);
  };
  const wholes: { whole: FacePose; part: FacePose }[] = [],
    passed: FacePose[] = [],
    tooLarge: FacePose[] = [];
  for (const under of faces)
    for (const face of under) {
      if (face.cut) continue;
      // A box whose centre lies in a face read surely is that face's (not one that only holds such
      // a face's centre: a box the bars joined to a neighbour holds the neighbour's centre, and
      // put on its edges it is a face of its own).
      const held = groupOf(face.pose);
      if (held && held.best.confidence >= SURE && !pieceLike(held) && inside(face.pose, held.pose)) continue;
      // Put on its face's own edges first, as a single tile's box among neighbours is (the bars
      // are coarse: a box takes in the tile's own side or a neighbour's rim, or stops short of a
      // shaded edge, and the reader misreads a box a few pixels off). Twice, the second time from
      // the first's box: a side moves at most 16% of the box at a time (refine-box.ts), and the
      // bars put many a box a quarter or more onto a neighbour. A box holding only part of its
      // face (cut at a stroke of its art or at its shade) gives the whole face's box too.
      const { box: pose, whole } = refineBoxes(frame, face.pose);
      const same = groupOf(pose);
      if (whole && fits(whole)) wholes.push({ whole, part: pose });
      if (!fits(pose)) {
        if (area(pose) > faceAt(pose.cy)) tooLarge.push(pose);
        continue;
      }
      // Another box of a face already read is read in full only when the network's first member
      // alone reads it more surely than the face's best box so far (most do not, and a glance is
      // half a look), or when the face's best box is likely a piece of it.
      if (same && members > 1 && !known(pose) && !pieceLike(same) && glance(pose) < glance(same.pose)) {
        passed.push(pose);
        continue;
      }
      weigh(pose, same);
    }
  // A face whose best box matches its kind unsurely: the boxes the glance passed over are read too.
  for (const pose of passed) {
    const same = groupOf(pose);
    if (same && same.closeness < UNSURE) weigh(pose, same);
  }
  // The whole faces' boxes after every bar's: one more box of a face, read unless it is read
  // surely already. A face read through the part a whole box was made from reads through the
  // whole when the whole reads either more surely or more closely: a part of a face matches a
  // wrong kind closely now and then (half of a 6 Bam lying sideways, an 8 Bam).
  for (const { whole, part } of wholes) {
    const same = groupOf(whole);
    if (same && same.best.confidence >= SURE) continue;
    if (!same || same.pose !== part) weigh(whole, same);
    else {
      const r = read(whole);
      if (r && (r.best.confidence > same.best.confidence || r.closeness > same.closeness)) Object.assign(same, r);
    }
  }
  // A face's size at each height is fitted over every box the bars found, pieces of faces and
  // faces joined among them, and where many are pieces it comes out too small for the nearer
  // rows: there a face's own box is judged too large (1.3-1.5 times) and its halves are read.
  // Fitted again over the faces read surely, a box judged too large that is of a face's size
  // after all is read too (not one judged a piece: pieces read wrong surely, and a face's own
  // box was read beside them).
  const sure = found.filter((r) => r.best.confidence >= SURE && !pieceLike(r)).map((r) => r.pose);
  if (sure.length >= SURE_FACES) {
    const sureAt = faceArea(sure);
    for (const pose of tooLarge.filter((p) => faceSized(sure, sureAt, p))) {
      const same = groupOf(pose);
      if (!same || same.best.confidence < SURE || pieceLike(same)) weigh(pose, same);
    }
  }
  // A face the bars gave no box of its own lies in a gap about a face wide between two faces of
  // its row read at least half surely: row-gaps.ts.
  for (const pose of rowGaps(
    frame,
    found.filter((r) => r.best.confidence >= 0.5).map((r) => r.pose),
    (p) => read(p)?.best.confidence ?? 0,
  ))
    weigh(pose, groupOf(pose));
  // A face cut across its middle (a faint line through its art or a stroke across it taken for a
  // seam, or a face larger than those beside it taken for two) gives two halves as wide as the face
  // and half as tall, which pass for faces lying sideways: the face they make (join-halves.ts, as
  // for a framed tile) is one more box to read. Halves under the usual bar only (the other bars'
  // add time but no face read right), and not when each half lies in a face already read surely.
  const under = faces[0]!,
    made = joinHalves(under),
    parted = under.filter((f) => !made.includes(f));
  for (const { pose } of made.filter((f) => !under.includes(f))) {
    const halves = parted.filter((h) => inside(h.pose, pose));
    if (!fits(pose) || (halves.length && halves.every((h) => (groupOf(h.pose)?.best.confidence ?? 0) >= SURE))) continue;
    const r = read(pose);
    if (r) found.push(r);
  }
  // A face read unsurely is often boxed a little off, or half on a neighbour (the bars are coarse),
  // and its box matches no kind closely: boxes of a face's shape round it are looked at too, those
  // of a face's size at its height only (a face's shape laid along the box's short side is half
  // the face, and a piece of a face may match a wrong kind closely: a 4 Dot in part of a 7 Dot).
  for (const r of found) {
    if (r.closeness >= LOOK_AGAIN || r.best.confidence < WEAK) continue;
    const again = lookAgain(r, fits);
    if (again.closeness >= LOOK_AGAIN) Object.assign(r, again);
  }
  // Boxes that overlap are one face: the reading whose kind matches most closely stands.
  const kept: Read[] = [];
  for (const r of found.sort((a, b) => b.closeness - a.closeness))
    if (r.best.confidence >= WEAK && !kept.some((k) => overlap(k.pose, r.pose) > OVERLAP)) kept.push(r);
  return kept
    .sort((a, b) => a.pose.cy - b.pose.cy || a.pose.cx - b.pose.cx)
    .map(({ pose, closeness, ...r }) => {
      // A face the set does not know well is unsure, and never the Flower by default (tile-set.ts).
      const [best, ...rest] = unsureUnlessKnown([r.best, ...r.rest], closeness) as [Candidate, ...Candidate[]];
      return {
        ...best,
        uncapped: best.confidence,
        closeness,
        size: area(pose) / faceAt(pose.cy),
        confidence: Math.min(best.confidence, AMONG_NEIGHBOURS_CAP),
        box: boxOf(pose),
        angle: (pose.angle * 180) / Math.PI,
        runnersUp: rest.slice(0, 3),
      };
    });
};
