/**
 * The new discard among the tiles already on the table, from the frame before it was laid down:
 * the learned finder's faces in both frames (floor.ts), and the face after that has no face before
 * near it once the whole table's shift between the frames (a bumped camera) is taken out, over
 * what was cloth before. Of several, the one under which the picture changed most (a face the
 * finder missed before did not change). When none is new, nothing is proposed: the camera says so
 * rather than guess. A tile alone in the region is read as a framed tile (tile-set.ts readTile).
 */
import type { Frame } from './image';
import { readFloor, type FloorReading } from './floor';
import { findFaceBoxes, type Finder } from './finder';
import { finderInput } from './finder-input';
import { readTile, type TileReading, type TileSet } from './tile-set';
import { locateTile } from './locate-tight';
import { fitFrame } from './image';
import { LOCATE_MESSAGES } from './locate';
import { shippedNet, type Net } from './embedding';
import { FINDER_TUNING, NEW_DISCARD_TUNING, type NewDiscardTuning } from './finder-tuning';

export const NOTHING_NEW = 'No new tile since the table last lay still: lay the discard where the camera sees it, or type it.';

/** What newFaceOf says when two tiles were laid at once. */
export const TWO_AT_ONCE = 'two-tiles';

const centre = (f: FloorReading) => [f.box[0] + f.box[2] / 2, f.box[1] + f.box[3] / 2] as const;
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lum = (fr: Frame, x: number, y: number) => {
  const i = (Math.min(fr.height - 1, Math.max(0, Math.round(y))) * fr.width + Math.min(fr.width - 1, Math.max(0, Math.round(x)))) * 4;
  return 0.299 * fr.data[i]! + 0.587 * fr.data[i + 1]! + 0.114 * fr.data[i + 2]!;
};

/** How much the picture under a face's box changed from the frame before (shifted by the table's
 *  shift): the mean brightness difference over a grid across the box's middle. */
const changeUnder = (before: Frame, after: Frame, f: FloorReading, sx: number, sy: number, t: NewDiscardTuning) => {
  let d = 0;
  const n = t.grid;
  for (let u = 0; u < n; u++)
    for (let v = 0; v < n; v++) {
      const x = f.box[0] + f.box[2] * (t.inset + ((1 - 2 * t.inset) * u) / (n - 1)),
        y = f.box[1] + f.box[3] * (t.inset + ((1 - 2 * t.inset) * v) / (n - 1));
      d += Math.abs(lum(after, x, y) - lum(before, x + sx, y + sy));
    }
  return d / (n * n);
};

/** How much of box a lies over box b, as a share of a's area. */
const over = (a: FloorReading['box'], b: FloorReading['box']) =>
  (Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0])) *
    Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]))) /
  (a[2] * a[3]);

/** The face of `now` (the frame after) that no face of `was` (the frame before) lies near, once the
 *  median shift from each face after to its nearest face before is taken out, over what was cloth
 *  before (a face half hidden by a hand, boxed anew, lies over its own box before); of several, the
 *  one whose picture changed most, and only if it changed at all. Boxes of that same new tile
 *  overlapping it: the one matching its kind most closely is the face (another is half of it). */
export const newFaceOf = (
  before: Frame,
  after: Frame,
  was: readonly FloorReading[],
  now: readonly FloorReading[],
  t: NewDiscardTuning = NEW_DISCARD_TUNING,
): FloorReading | typeof TWO_AT_ONCE | null => {
  if (!now.length) return null;
  const nearest = (x: number, y: number) =>
    was
      .map((b) => [centre(b)[0] - x, centre(b)[1] - y] as const)
      .reduce((p, q) => (Math.hypot(...q) < Math.hypot(...p) ? q : p), [Infinity, Infinity] as const);
  const shifts = was.length ? now.map((a) => nearest(...centre(a))) : [];
  const sx = shifts.length ? med(shifts.map((d) => d[0])) : 0,
    sy = shifts.length ? med(shifts.map((d) => d[1])) : 0;
  const moved = (f: FloorReading): FloorReading['box'] => [f.box[0] + sx, f.box[1] + sy, f.box[2], f.box[3]];
  const fresh = now.filter((a) => {
    const [x, y] = centre(a),
      [dx, dy] = nearest(x + sx, y + sy);
    return Math.hypot(dx, dy) > Math.min(a.box[2], a.box[3]) * t.apart && !was.some((b) => over(moved(a), b.box) > t.covered);
  });
  const changed = fresh
    .map((f) => ({ f, d: changeUnder(before, after, f, sx, sy, t) }))
    .filter((c) => c.d >= t.changed)
    .sort((a, b) => b.d - a.d);
  const first = changed[0]?.f;
  if (!first) return null;
  const same = (f: FloorReading) => over(f.box, first.box) > t.covered || over(first.box, f.box) > t.covered;
  // Another new tile apart from it, changed about as much: two tiles laid at once, neither proposed.
  if (changed.some((c) => !same(c.f) && c.d > changed[0]!.d * t.twoAtOnce)) return TWO_AT_ONCE;
  return changed
    .map((c) => c.f)
    .filter(same)
    .reduce((a, b) => (b.closeness > a.closeness ? b : a), first);
};

/** The scale the finder should see the region at: a region close round a few tiles holds faces
 *  larger than the finder was trained on (it then boxes part of a face), so it is shown smaller. */
const finderScale = async (full: Frame, finder: Finder, t: NewDiscardTuning): Promise<number> => {
  const frame = fitFrame(full).frame;
  const seen = finderInput(frame).scale;
  const sides = (await findFaceBoxes(finder, frame)).map((f) => Math.max(f.box[2], f.box[3]) * seen);
  const side = sides.length ? med(sides) : 0;
  return side > t.faceSide * t.tooLarge ? (seen * t.faceSide) / side : 1;
};

/** The new discard read from the region before and after it was laid. */
export const readNewDiscard = async (
  full: Frame,
  fullBefore: Frame,
  set: TileSet,
  finder: Finder,
  net: Net = shippedNet(),
  t: NewDiscardTuning = NEW_DISCARD_TUNING,
): Promise<TileReading> => {
  // One tile alone in the region (the framed locator refuses two): that is the discard.
  const alone = locateTile(fitFrame(full).frame);
  if (alone.ok && !alone.neighbours) return readTile(full, set, net);
  if (!set.entries.length || set.model !== net.id) return readTile(full, set, net);
  const most = await finderScale(full, finder, t);
  const [was, now] = [
    await readFloor(fullBefore, set, finder, net, FINDER_TUNING, most),
    await readFloor(full, set, finder, net, FINDER_TUNING, most),
  ];
  const laid = newFaceOf(fullBefore, full, was, now, t);
  if (laid === TWO_AT_ONCE) return { ok: false, error: 'two-tiles', message: LOCATE_MESSAGES['two-tiles'] };
  // Nothing new: what the framed locator saw (too dark, two tiles, empty: the panel then watches
  // for the next discard), or that nothing new lies there.
  if (!laid) return alone.ok ? { ok: false, error: 'unclear', message: NOTHING_NEW } : alone;
  // Floor readings are capped below the auto-record floor already: among neighbours, never recorded by itself.
  return { ok: true, tile: laid.tile, confidence: laid.confidence, runnersUp: laid.runnersUp, closeness: laid.closeness };
};
