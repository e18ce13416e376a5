/**
 * The whole floor at once: every tile face found in a frame of the table (find-faces.ts), each
 * read with a set as a single tile is (tile-set.ts). What `read-tiles --all` prints.
 */
import type { Frame } from './image';
import { boxOf, findFaces, AMONG_NEIGHBOURS_CAP } from './find-faces';
import { describeTile, rankKinds, type Candidate, type TileSet } from './tile-set';
import { shippedNet, type Net } from './embedding';

export interface FloorReading extends Candidate {
  /** the face's box in the frame's pixels: [x, y, w, h] */
  box: [number, number, number, number];
  /** the tilt of the face's upright axis, degrees clockwise (about ±90: lying sideways) */
  angle: number;
  runnersUp: Candidate[];
}

/** Every whole face in the frame (faces cut by its edge are left out), read with the set (each
 *  among neighbours: never sure enough to record by itself, AMONG_NEIGHBOURS_CAP). */
export const readFloor = (frame: Frame, set: TileSet, net: Net = shippedNet()): FloorReading[] => {
  if (!set.entries.length || set.model !== net.id) return [];
  const out: FloorReading[] = [];
  for (const face of findFaces(frame)) {
    if (face.cut) continue;
    const q = describeTile(frame, 'read', { ok: true, pose: face.pose }, net);
    if (!q.ok) continue;
    const [best, ...rest] = rankKinds(q.d, set.entries, set.views);
    if (best) out.push({ ...best, confidence: Math.min(best.confidence, AMONG_NEIGHBOURS_CAP), box: boxOf(face.pose), angle: (face.pose.angle * 180) / Math.PI, runnersUp: rest.slice(0, 3) });
  }
  return out;
};
