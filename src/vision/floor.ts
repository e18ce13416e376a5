/**
 * The whole floor at once: every tile face found in a frame of the table (find-faces.ts), each
 * read with a set as a single tile is (tile-set.ts). What `read-tiles --all` prints.
 */
import type { Frame } from './image';
import { boxOf, findFacesUnder, AMONG_NEIGHBOURS_CAP, PALENESS } from './find-faces';
import type { FacePose } from './locate';
import { describeTile, rankKinds, type Candidate, type TileSet } from './tile-set';
import { shippedNet, type Net } from './embedding';

export interface FloorReading extends Candidate {
  /** the face's box in the frame's pixels: [x, y, w, h] */
  box: [number, number, number, number];
  /** the tilt of the face's upright axis, degrees clockwise (about ±90: lying sideways) */
  angle: number;
  runnersUp: Candidate[];
}

/** A reading this sure is kept without reading the face's boxes under the other bars. */
const SURE = 0.9;

const inside = (p: FacePose, q: FacePose) => {
  const [x, y, w, h] = boxOf(q);
  return p.cx > x && p.cx < x + w && p.cy > y && p.cy < y + h;
};

/** Every whole face in the frame (faces cut by its edge are left out), read with the set (each
 *  among neighbours: never sure enough to record by itself, AMONG_NEIGHBOURS_CAP). Faces are
 *  looked for under each paleness bar (find-faces.ts PALENESS); boxes that overlap are one face,
 *  read through the box it reads most surely. */
export const readFloor = (frame: Frame, set: TileSet, net: Net = shippedNet()): FloorReading[] => {
  if (!set.entries.length || set.model !== net.id) return [];
  const found: { pose: FacePose; best: Candidate; rest: Candidate[] }[] = [];
  for (const faces of findFacesUnder(frame, PALENESS))
    for (const face of faces) {
      if (face.cut) continue;
      const same = found.find((f) => inside(face.pose, f.pose) || inside(f.pose, face.pose));
      if (same && same.best.confidence >= SURE) continue;
      const q = describeTile(frame, 'read', { ok: true, pose: face.pose }, net);
      if (!q.ok) continue;
      const [best, ...rest] = rankKinds(q.d, set.entries, set.views);
      if (!best) continue;
      if (!same) found.push({ pose: face.pose, best, rest });
      else if (best.confidence > same.best.confidence) Object.assign(same, { pose: face.pose, best, rest });
    }
  return found
    .sort((a, b) => a.pose.cy - b.pose.cy || a.pose.cx - b.pose.cx)
    .map(({ pose, best, rest }) => ({ ...best, confidence: Math.min(best.confidence, AMONG_NEIGHBOURS_CAP), box: boxOf(pose), angle: (pose.angle * 180) / Math.PI, runnersUp: rest.slice(0, 3) }));
};
