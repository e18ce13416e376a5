/**
 * The whole floor through the learned face finder (finder.ts): every face box it finds, read as
 * the floor's boxes are (floor-looks.ts), an unsure one looked at again round its box; weak
 * readings are not reported. The finder gives each face one box, so there is nothing to choose
 * between: the pale-block finder's repair passes (floor.ts) are not needed here.
 */
import type { Frame } from './image';
import { fitFrame } from './image';
import type { FacePose } from './locate';
import { unsureUnlessKnown, type Candidate, type TileSet } from './tile-set';
import type { Net } from './embedding';
import { floorLooks } from './floor-looks';
import { AMONG_NEIGHBOURS_CAP, boxOf } from './find-faces';
import { findFaceBoxes, type Finder } from './finder';
import { FINDER_TUNING } from './finder-tuning';
import { refineBoxes } from './refine-box';
import type { FloorReading } from './floor';

const area = (p: FacePose) => p.width * p.height;

export const readFloorLearned = async (frame: Frame, set: TileSet, net: Net, finder: Finder): Promise<FloorReading[]> => {
  if (!set.entries.length || set.model !== net.id) return [];
  const { frame: fitted, scale } = fitFrame(frame);
  const boxes = await findFaceBoxes(finder, fitted);
  const { read, lookAgain } = floorLooks(fitted, set, net);
  const out: FloorReading[] = [];
  for (const f of boxes) {
    // Put on its face's own edges first, as the pale-block finder's boxes are (refine-box.ts): on the
    // synthetic scenes 7000-7003 the floor check then caught 0.64 of the untyped discards, not 0.31
    // (real-material development tables 20000-20005 read alike either way).
    let r = read(refineBoxes(fitted, f.pose).box);
    if (!r) continue;
    // Shapes round the box about the finder's size for the face (a piece of it, or a box taking in
    // a neighbour, is not looked at).
    const fits = (p: FacePose) => Math.abs(area(p) / area(f.pose) - 1) < 0.35;
    if (r.closeness < FINDER_TUNING.lookAgain) {
      const again = lookAgain(r, fits);
      if (again.closeness > r.closeness) r = again;
    }
    if (r.best.confidence < FINDER_TUNING.weak) continue;
    const [best, ...rest] = unsureUnlessKnown([r.best, ...r.rest], r.closeness) as [Candidate, ...Candidate[]];
    out.push({
      ...best,
      uncapped: best.confidence,
      closeness: r.closeness,
      // the finder's box is its measure of a face's size there
      size: area(r.pose) / area(f.pose),
      confidence: Math.min(best.confidence, AMONG_NEIGHBOURS_CAP),
      box: boxOf(r.pose).map((v) => v / scale) as FloorReading['box'],
      angle: (r.pose.angle * 180) / Math.PI,
      runnersUp: rest.slice(0, 3),
    });
  }
  return out.sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
};
