/**
 * The one tile a player frames (a discard among its neighbours, or a tile held up to teach it):
 * the learned finder (finder.ts) run on the region at the few scales a framed face may have, and at
 * each the face nearest the region's centre. The finder was trained on faces of a table's size
 * (FRAMED_TUNING.faceSide pixels of its input), so a region close round a tile is shown it smaller.
 * Which of those boxes is the face is the reader's choice (tile-set.ts readTile).
 */
import { luminance, type Frame } from './image';
import { LOCATE_MESSAGES, type FacePose, type LocateError } from './locate';
import { findFaceBoxes, type Finder, type FoundBox } from './finder';
import { finderInput } from './finder-input';
import { FRAMED_TUNING, type FramedTuning } from './finder-tuning';

/** The framed face's boxes, one per scale it was found at (surest first); `neighbours`: other
 *  faces lie in the region beside it; `wholes`: the faces wholly inside the region at the first
 *  scale that found several. Two tiles shown at once carry their whole faces' boxes. */
export type Framed =
  | { ok: true; boxes: FacePose[]; neighbours: boolean; wholes?: [number, number, number, number][] }
  | { ok: false; error: LocateError; message: string; faces?: [number, number, number, number][] };

const fail = (error: LocateError, faces?: FoundBox[]): Framed => ({
  ok: false,
  error,
  message: LOCATE_MESSAGES[error],
  ...(faces ? { faces: faces.map((f) => f.box) } : {}),
});

/** Too dark to read anything: the mean and the brightest of the frame's brightness (0..255). */
const tooDark = (f: Frame, t: FramedTuning) => {
  const lum = luminance(f);
  let sum = 0,
    max = 0;
  for (const v of lum) {
    sum += v;
    if (v > max) max = v;
  }
  return sum / lum.length < t.darkMean || max < t.darkMax;
};

/** How far a face's centre lies from the region's, in the face's own half sides. */
const offCentre = (f: FoundBox, w: number, h: number) =>
  Math.hypot((f.pose.cx - w / 2) / (f.box[2] / 2), (f.pose.cy - h / 2) / (f.box[3] / 2));
/** A face wholly inside the region (a neighbour framed with the discard is cut by its edge). */
const inside = (f: FoundBox, w: number, h: number, t: FramedTuning) => {
  const m = t.inside * Math.min(f.box[2], f.box[3]);
  return f.box[0] > -m && f.box[1] > -m && f.box[0] + f.box[2] < w + m && f.box[1] + f.box[3] < h + m;
};

/** The face the region is framed on, or why there is none (too dark, empty, two tiles). */
export const locateFramed = async (frame: Frame, finder: Finder, t: FramedTuning = FRAMED_TUNING): Promise<Framed> => {
  const { width: w, height: h } = frame;
  if (w < 16 || h < 16) return fail('empty');
  if (tooDark(frame, t)) return fail('dark');
  const side = Math.max(w, h),
    seen = finderInput(frame).scale;
  const near: FoundBox[] = [];
  let neighbours = false,
    two: FoundBox[] | null = null,
    any = false;
  for (const share of t.shares) {
    const run = await findFaceBoxes(finder, frame, undefined, Math.min(seen, t.faceSide / (share * side)));
    const centred = run.filter((b) => offCentre(b, w, h) < t.centred).sort((a, b) => offCentre(a, w, h) - offCentre(b, w, h));
    any ||= run.length > 0;
    // Two whole faces in the region: two tiles shown at once, unless one lies on its centre.
    const whole = run.filter((b) => inside(b, w, h, t));
    if (!two && whole.length > 1) two = whole;
    if (!centred[0]) continue;
    near.push(centred[0]);
    // Another tile beside it: a face found surely whose centre lies outside its box (not a piece of
    // the same face, nor a faint false face on the cloth).
    const [x, y, bw, bh] = centred[0].box;
    neighbours ||= run.some((b) => b.score >= t.neighbour && (b.pose.cx < x || b.pose.cx > x + bw || b.pose.cy < y || b.pose.cy > y + bh));
  }
  if (two && !near.some((b) => offCentre(b, w, h) < t.onCentre)) return fail('two-tiles', two);
  if (!near.length) return fail(any ? 'unclear' : 'empty');
  // Two whole faces with one on the centre: read, but never recorded by itself.
  return {
    ok: true,
    boxes: near.sort((a, b) => b.score - a.score).map((f) => f.pose),
    neighbours: neighbours || !!two,
    ...(two ? { wholes: two.map((f) => f.box) } : {}),
  };
};
