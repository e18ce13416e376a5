/**
 * Faces the finder gave no box of their own, or only an off one: a face in shade dimmer than its
 * neighbours, joined to them or to its own side under every paleness bar (two such faces side by
 * side may make one block the shape of a face lying sideways). Discards lie in rows of touching
 * faces about the same size, so a gap about one face wide between two faces read in the same row
 * is where such a face lies: its box is the gap, as tall across the row as the taller of the
 * faces either side; a gap as wide as two upright faces holds two.
 */
import type { Frame } from './image';
import type { FacePose } from './locate';
import { weaklyColoured } from './find-faces';
import { refineBoxes } from './refine-box';

/** Two faces are in one row when their sizes across it differ by at most this share (a face
 *  lying sideways is 0.75 as tall across the row as one upright). */
const SAME_SIZE = 0.4;
/** Two faces are in one row when the line through them runs within this (radians) of the rows'
 *  direction (a table's rows run either way in the frame: alongRows). */
const LINED_UP = 0.35;
/** A gap's box read less surely than this is read again put on its face's edges (refine-box.ts):
 *  the faces either side may be boxed a little off, and the gap's box with them. */
const RECHECK = 0.6;
/** A gap holds a face when it is this wide, as a share of the faces' size across the row: a face
 *  upright is 0.75 as wide as tall, one lying sideways 1.33 as wide as a sideways face is tall. */
const GAP = [0.55, 1.55];
/** A gap holds two upright faces side by side when it is this wide, as a share of an upright
 *  neighbour's height (two faces 0.75 as wide as tall make 1.5; one lying sideways makes 1). */
const TWO = [1.3, 1.7];
/** A gap holds a face when this share of its margins is weakly coloured: paper, not the felt
 *  between two rows (the margins, not the middle: a face's art may be strongly coloured). */
const PAPER = 0.6;

/** The share of the box's margins (the ring between 0.3 and 0.4 of its size from its centre,
 *  each way) that is weakly coloured. */
const paperShare = (f: Frame, p: FacePose) => {
  const c = Math.cos(p.angle),
    s = Math.sin(p.angle);
  let n = 0,
    k = 0;
  for (let i = -8; i <= 8; i++)
    for (let j = -8; j <= 8; j++) {
      if (Math.max(Math.abs(i), Math.abs(j)) < 6) continue;
      const u = i / 20,
        v = j / 20;
      const x = Math.round(p.cx + u * p.width * c - v * p.height * s),
        y = Math.round(p.cy + u * p.width * s + v * p.height * c);
      if (x < 0 || y < 0 || x >= f.width || y >= f.height) continue;
      n++;
      if (weaklyColoured(f.data, (y * f.width + x) * 4)) k++;
    }
  return n ? k / n : 0;
};

/** An angle within ±90°. */
const turn = (a: number) => {
  let x = a % Math.PI;
  if (x > Math.PI / 2) x -= Math.PI;
  if (x < -Math.PI / 2) x += Math.PI;
  return x;
};

/** A face's size along direction (ux, uy): its width or its height, whichever side runs nearer
 *  that way (not its box projected on it: at the table's angle a face's box leans with its sides,
 *  and a leaning box's projection is larger than the face). */
const extent = (p: FacePose, ux: number, uy: number) => {
  const c = Math.cos(p.angle),
    s = Math.sin(p.angle);
  return Math.abs(c * ux + s * uy) > Math.abs(-s * ux + c * uy) ? p.width : p.height;
};

/** The rows' axes (radians, within ±45°: the rows run along it or across it), from the
 *  faces' own tilts: upright and lying sideways alike, each face's sides run along and across its
 *  row, though a single face's box may lean well off it. */
const rowsDirection = (faces: readonly FacePose[]) => {
  let c = 0,
    s = 0;
  for (const p of faces) {
    c += Math.cos(4 * p.angle);
    s += Math.sin(4 * p.angle);
  }
  return Math.atan2(s, c) / 4;
};

/** Which way the rows run (radians): along `rows` or across it, whichever way more faces' nearest
 *  neighbours lie (faces touch along a row; the next row is a face's side and more away). */
const alongRows = (faces: readonly FacePose[], rows: number) => {
  let along = 0;
  for (const p of faces) {
    let best = Infinity,
      dir = 0;
    for (const q of faces) {
      const d = Math.hypot(q.cx - p.cx, q.cy - p.cy);
      if (q !== p && d < best) {
        best = d;
        dir = Math.atan2(q.cy - p.cy, q.cx - p.cx);
      }
    }
    if (best < Infinity) along += Math.abs(turn(dir - rows)) < Math.PI / 4 ? 1 : -1;
  }
  return along >= 0 ? rows : turn(rows + Math.PI / 2);
};

/** The boxes of faces missing between two faces of the same row (`faces`: those read surely),
 *  one per gap, two in a gap as wide as two upright faces; a box that `sure` reads weakly, put on
 *  its face's edges too. */
export const rowGaps = (frame: Frame, faces: readonly FacePose[], sure: (p: FacePose) => number = () => 1): FacePose[] => {
  const out: FacePose[] = [],
    rows = alongRows(faces, rowsDirection(faces));
  for (const [i, a] of faces.entries())
    for (const b of faces.slice(i + 1)) {
      const dx = b.cx - a.cx,
        dy = b.cy - a.cy,
        d = Math.hypot(dx, dy);
      if (!d) continue;
      const ux = dx / d,
        uy = dy / d,
        dir = Math.atan2(uy, ux);
      if (Math.abs(turn(dir - rows)) > LINED_UP) continue;
      const acrossA = extent(a, -uy, ux),
        acrossB = extent(b, -uy, ux),
        across = Math.max(acrossA, acrossB);
      if (Math.abs(acrossA - acrossB) > SAME_SIZE * across) continue;
      const alongA = extent(a, ux, uy),
        alongB = extent(b, ux, uy),
        gap = d - alongA / 2 - alongB / 2;
      // The height of a face upright in this row: an upright neighbour's (shorter along the row
      // than across it), when there is one.
      const upright = Math.max(alongA < acrossA ? acrossA : 0, alongB < acrossB ? acrossB : 0);
      const two = upright > 0 && gap >= TWO[0]! * upright && gap <= TWO[1]! * upright;
      if (!two && (gap < GAP[0]! * across || gap > GAP[1]! * across)) continue;
      // Nothing read surely between them: no other face's centre in the gap.
      const from = alongA / 2,
        to = d - alongB / 2;
      const between = faces.some((p) => {
        if (p === a || p === b) return false;
        const px = p.cx - a.cx,
          py = p.cy - a.cy,
          t = px * ux + py * uy,
          n = -px * uy + py * ux;
        return t > from && t < to && Math.abs(n) < across / 2;
      });
      if (between) continue;
      const mid = (from + to) / 2,
        cx = a.cx + mid * ux,
        cy = a.cy + mid * uy,
        row = turn(dir);
      if (two) {
        const pair = [-0.25, 0.25].map((k) => ({
          cx: cx + k * gap * ux,
          cy: cy + k * gap * uy,
          angle: row,
          width: gap / 2,
          height: upright,
        }));
        if (pair.every((p) => paperShare(frame, p) >= PAPER)) out.push(...pair);
        continue;
      }
      // Wider along the row than across it, the face lies sideways: its upright axis along the row.
      const pose =
        gap <= across
          ? { cx, cy, angle: row, width: gap, height: across }
          : { cx, cy, angle: turn(row + Math.PI / 2), width: across, height: gap };
      if (paperShare(frame, pose) >= PAPER) out.push(pose);
    }
  return out.flatMap((p) => (sure(p) >= RECHECK ? [p] : [p, refineBoxes(frame, p).box]));
};
