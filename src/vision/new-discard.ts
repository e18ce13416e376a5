/**
 * The new discard among the tiles already on the table, from the frame before it was laid down:
 * of the learned finder's faces in the frame after (floor.ts), and faces read where the table
 * changed by about a tile's worth and the finder boxed none, the one whose picture is new
 * (table-change.ts: unlike anything near its place in the frame before, once the table's shift by a
 * bumped camera is taken out) and lies in a patch of change about a tile's size (a hand passing
 * changes many tiles' worth; a nudged neighbour or a face the finder missed before is found again a
 * little way off, so is not new). When none is new, nothing is proposed: the camera says so rather
 * than guess. A tile alone in the region is read as a framed tile (tile-set.ts readTile).
 */
import { fitFrame, luminance, type Frame } from './image';
import { readFloor, readProposed, type FloorReading } from './floor';
import { findFaceBoxes, type Finder, type FoundBox } from './finder';
import { finderInput } from './finder-input';
import { locateFramed } from './framed';
import { boxOf, type FacePose } from './locate';
import { readTile, type TileReading, type TileSet } from './tile-set';
import { LOCATE_MESSAGES } from './locate';
import { shippedNet, type Net } from './embedding';
import { FINDER_TUNING, NEW_DISCARD_TUNING, type NewDiscardTuning } from './finder-tuning';
import { changedPlaces, novelty, patchUnder, tableChange, type TableChange } from './table-change';

export const NOTHING_NEW = 'No new tile since the table last lay still: lay the discard where the camera sees it, or type it.';

/** What newFaceOf says when two tiles were laid at once. */
export const TWO_AT_ONCE = 'two-tiles';

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** How much of box a lies over box b, as a share of a's area. */
const over = (a: Readonly<FloorReading['box']>, b: Readonly<FloorReading['box']>) =>
  (Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0])) *
    Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]))) /
  (a[2] * a[3]);

/** A face after judged: how new its picture is, and the patch of change it lies in. */
export interface Judged {
  face: FloorReading;
  /** table-change.ts novelty (0..255) */
  novel: number;
  /** the changed patch under it, in its box's areas */
  patch: number;
}

/** Every face of `now` (the frame after) judged against the frame before. */
export const judgeFaces = (c: TableChange, now: readonly FloorReading[], t: NewDiscardTuning): Judged[] =>
  now.map((face) => ({ face, novel: novelty(c, face.box, t), patch: patchUnder(c, face.box, t) }));

/** The face laid between the frames: of the faces after that are new (their picture new, in a
 *  patch of change neither too small nor too large), the newest; several boxes of that same tile, the one
 *  matching its kind most closely (another is half of it). Another new tile apart from it, about as
 *  new: two tiles laid at once, neither proposed. */
export const chooseNew = (
  judged: readonly Judged[],
  t: NewDiscardTuning = NEW_DISCARD_TUNING,
): FloorReading | typeof TWO_AT_ONCE | null => {
  const fresh = judged
    .filter((j) => j.novel >= t.novel && j.patch <= t.patchAtMost && j.patch >= t.patchAtLeast)
    .sort((a, b) => b.novel - a.novel);
  const first = fresh[0];
  if (!first) return null;
  const same = (f: FloorReading) => over(f.box, first.face.box) > t.covered || over(first.face.box, f.box) > t.covered;
  if (fresh.some((j) => !same(j.face) && j.novel > first.novel * t.twoAtOnce)) return TWO_AT_ONCE;
  return fresh
    .map((j) => j.face)
    .filter(same)
    .reduce((a, b) => (b.closeness > a.closeness ? b : a), first.face);
};

/** The two frames compared, a face's short side as `now`'s faces have it. */
export const changeOf = (before: Frame, after: Frame, now: readonly FloorReading[], t: NewDiscardTuning) =>
  tableChange(before, after, med(now.map((f) => Math.min(f.box[2], f.box[3]))), t);

/** The face of `now` laid between the frames before and after (chooseNew), or null, or TWO_AT_ONCE. */
export const newFaceOf = (
  before: Frame,
  after: Frame,
  now: readonly FloorReading[],
  t: NewDiscardTuning = NEW_DISCARD_TUNING,
): FloorReading | typeof TWO_AT_ONCE | null => (now.length ? chooseNew(judgeFaces(changeOf(before, after, now, t), now, t), t) : null);

/** Where the table changed by about a tile's worth outside every face after (a tile just laid
 *  touching its neighbours, or in a hand's shadow, that the finder did not box): a face of the
 *  others' size there, upright and lying sideways, for the box refiner to put on its corners. */
export const facesOfChange = (c: TableChange, now: readonly FloorReading[], t: NewDiscardTuning = NEW_DISCARD_TUNING): FacePose[] => {
  const short = med(now.map((f) => Math.min(f.box[2], f.box[3]))),
    long = med(now.map((f) => Math.max(f.box[2], f.box[3])));
  const boxes = now.map((f) => f.box),
    least = t.patchAtLeast * short * long,
    most = t.patchAtMost * short * long;
  return [0, Math.PI / 2].flatMap((angle) =>
    changedPlaces(c, boxes, least, most, angle ? long : short, angle ? short : long)
      // a place half on a face the finder boxed is that face's side or shadow
      .filter((place) => !boxes.some((b) => over(place, b) > t.covered))
      .map(([x, y, w, h]) => ({
        cx: x + w / 2,
        cy: y + h / 2,
        width: short,
        height: long,
        angle,
      })),
  );
};

/** The faces after: the floor's, and those read where the table changed and the finder boxed none. */
export const withFacesOfChange = async (
  after: Frame,
  c: TableChange,
  now: readonly FloorReading[],
  set: TileSet,
  finder: Finder,
  net: Net,
  t: NewDiscardTuning = NEW_DISCARD_TUNING,
): Promise<FloorReading[]> => [...now, ...(await readProposed(after, facesOfChange(c, now, t), set, finder, net))];

/** The faces of the frame after, read with the framed region's finder: the whole table's finder
 *  boxes more of a table's faces, but a tile laid touching others it boxes with its neighbour more
 *  often, and the new tile is the one that matters here (development tables: 0.92 of laid tiles
 *  right, against 0.85). */
export const floorAfter = (after: Frame, set: TileSet, finder: Finder, net: Net, most = 1): Promise<FloorReading[]> =>
  readFloor(after, set, { ...finder, table: finder.session }, net, FINDER_TUNING, most);

/** The scale the finder should see the region at, from the faces it found there at full scale: a
 *  region close round a few tiles holds faces larger than the finder was trained on (it then boxes
 *  part of a face), so it is shown smaller. */
const finderScale = (boxes: readonly FloorReading['box'][], seen: number, t: NewDiscardTuning): number => {
  const side = boxes.length ? med(boxes.map((b) => Math.max(b[2], b[3]) * seen)) : 0;
  return side > t.faceSide * t.tooLarge ? (seen * t.faceSide) / side : 1;
};

/** Every face the finder found lies on one of these boxes (a close-up region, where the finder
 *  boxes pieces of a large face): the region holds only them. */
const explains = (boxes: readonly FloorReading['box'][], found: readonly FoundBox[]) =>
  boxes.length > 0 && found.every(({ pose: { cx, cy } }) => boxes.some(([x, y, w, h]) => cx >= x && cx <= x + w && cy >= y && cy <= y + h));

const failed = (error: keyof typeof LOCATE_MESSAGES, message = LOCATE_MESSAGES[error]): TileReading => ({ ok: false, error, message });

/** The new discard read from the region before and after it was laid. */
export const readNewDiscard = async (
  full: Frame,
  fullBefore: Frame,
  set: TileSet,
  finder: Finder,
  net: Net = shippedNet(),
  t: NewDiscardTuning = NEW_DISCARD_TUNING,
): Promise<TileReading> => {
  if (!set.entries.length || set.model !== net.id) return readTile(full, set, net, finder);
  const fitted = fitFrame(full);
  const lum = luminance(fitted.frame);
  if (lum.reduce((a, b) => a + b, 0) / lum.length < t.dark) return failed('dark');
  const found = await findFaceBoxes(finder, fitted.frame);
  // No face or one in the region: a tile shown alone, read as a framed tile (which says why not:
  // empty, two tiles, too dark); it may be recorded by itself, as a tile shown alone is.
  if (found.length <= 1) return readTile(full, set, net, finder);
  // A region framed close round one tile, or two shown at once, as the framed reading sees them:
  // read as a tile shown alone (or told two tiles), whatever pieces of it the finder boxed.
  const framed = Math.max(fitted.frame.width, fitted.frame.height) <= t.framedSide ? await locateFramed(fitted.frame, finder) : null;
  if (framed?.ok && !framed.neighbours && explains([boxOf(framed.boxes[0]!)], found)) return readTile(full, set, net, finder);
  if (framed && !framed.ok && framed.faces && explains(framed.faces, found)) return failed('two-tiles');
  // Several whole faces the framed reading saw tell the size of a face here better than the pieces.
  const wholes = framed?.ok ? framed.wholes : undefined;
  const most = finderScale(wholes ?? found.map((f) => f.box), finderInput(fitted.frame).scale, t);
  const now = await floorAfter(full, set, finder, net, most);
  // One face on the floor (a tile close up the finder boxed in parts at full scale): alone too.
  if (now.length <= 1) return readTile(full, set, net, finder);
  const change = changeOf(fullBefore, full, now, t);
  const laid = chooseNew(judgeFaces(change, await withFacesOfChange(full, change, now, set, finder, net, t), t), t);
  if (laid === TWO_AT_ONCE) return failed('two-tiles');
  // Two faces in the region and neither new: perhaps two tiles shown at once, which a framed reading
  // says (or why else it cannot read one). Among more, nothing new lies there.
  if (!laid && now.length === 2) {
    const framed = await readTile(full, set, net, finder);
    return framed.ok ? failed('unclear', NOTHING_NEW) : framed;
  }
  if (!laid) return failed('unclear', NOTHING_NEW);
  // Among neighbours, floor readings are capped below the auto-record floor: never recorded by itself.
  return { ok: true, tile: laid.tile, confidence: laid.confidence, runnersUp: laid.runnersUp, closeness: laid.closeness };
};
