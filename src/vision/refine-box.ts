/**
 * A face's box among neighbours put on the face's own edges. The face finder judges paleness
 * coarsely against the brightest paper nearby, so its box can take in the tile's own near side (as
 * pale as a face in shadow) or stop short of a face's shaded edge, and the reader misreads a box a
 * few pixels off. Round the box, on a straightened copy at about the frame's resolution, the face
 * is the block as pale as its own paper (its art filled in) that holds the box's centre, parted
 * from its side and its neighbours by the rim every face's bevel leaves.
 */
import { luminance, type Frame } from './image';
import type { FacePose } from './locate';
import { straighten } from './features';
import { blobs, fillHoles, morph } from './find-faces';

/** Looked at this far round the box (a share of its size each way). */
const MARGIN = 0.2;
/** Pale: at least this share of the face's own paper (a face's edge in its own shade is still face). */
const PALE = 0.7;
/** A rim: darker by this share of the paper than the samples this far either side of it. */
const DIP = 0.06, REACH = [2, 3];
/** A line holds the face when the block covers this share of the face's middle across it. */
const COVER = 0.5;
/** The rim itself is face: each side goes this share of the box's size beyond the paper's block. */
const RIM = 0.02;
/** How far a side may move (a share of the box's size across it): further, it is not the same
 *  face's edge (the block leaked past a broken rim, or stopped at a frame drawn on the face). */
const MOVE = 0.16;
/** At most this many samples across the larger side of the region looked at. */
const MAX_SIDE = 160;

export const refineBox = (frame: Frame, pose: FacePose): FacePose => {
  const span = 1 + 2 * MARGIN, k = Math.min(1, MAX_SIDE / (Math.max(pose.width, pose.height) * span));
  const gw = Math.max(8, Math.round(pose.width * span * k)), gh = Math.max(8, Math.round(pose.height * span * k));
  const img = straighten(frame, pose, gw, gh, -MARGIN, -MARGIN, 1 + MARGIN, 1 + MARGIN);
  const lum = luminance(img);
  // Grid index of a place on the face (0..1 of its width or height), and back.
  const col = (u: number) => Math.round(((u + MARGIN) / span) * gw), row = (v: number) => Math.round(((v + MARGIN) / span) * gh);
  const u = (i: number) => (i / gw) * span - MARGIN, v = (i: number) => (i / gh) * span - MARGIN;
  // The face's own paper: the brightest tenth of its middle.
  const inner: number[] = [];
  for (let y = row(0.25); y < row(0.75); y++) for (let x = col(0.25); x < col(0.75); x++) inner.push(lum[y * gw + x]!);
  if (!inner.length) return pose;
  const paper = inner.sort((a, b) => a - b)[Math.floor(inner.length * 0.9)]!, dip = DIP * paper;
  const at = (x: number, y: number) => lum[Math.min(gh - 1, Math.max(0, y)) * gw + Math.min(gw - 1, Math.max(0, x))]!;
  const mask = new Uint8Array(gw * gh);
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      const i = y * gw + x, r = img.data[i * 4]!, g = img.data[i * 4 + 1]!, b = img.data[i * 4 + 2]!, mx = Math.max(r, g, b), l = lum[i]!;
      if (l < PALE * paper || mx - Math.min(r, g, b) >= 0.35 * mx) continue;
      // A line darker than the samples either side of it (a rim, a seam) parts two blocks even
      // where it is still pale: a face in shadow has a rim hardly darker than its lit side.
      let line = false;
      for (const d of REACH) line ||= l < Math.min(at(x, y - d), at(x, y + d)) - dip || l < Math.min(at(x - d, y), at(x + d, y)) - dip;
      if (!line) mask[i] = 1;
    }
  // The art filled in; thin bridges to a neighbour (a gap in the rim) broken, then grown back.
  const label = new Int32Array(gw * gh);
  blobs(morph(fillHoles(mask, gw, gh), gw, gh, false, 1), gw, gh, label);
  const id = label[row(0.5) * gw + col(0.5)]!;
  if (!id) return pose;
  const face = morph(Uint8Array.from(label, (l) => (l === id ? 1 : 0)), gw, gh, true, 1);
  // Each side: the outermost line whose middle the block covers.
  const rows = new Float32Array(gh), cols = new Float32Array(gw);
  const [x0, x1, y0, y1] = [col(0.2), col(0.8), row(0.2), row(0.8)];
  for (let y = 0; y < gh; y++) { let n = 0; for (let x = x0; x < x1; x++) n += face[y * gw + x]!; rows[y] = n / (x1 - x0); }
  for (let x = 0; x < gw; x++) { let n = 0; for (let y = y0; y < y1; y++) n += face[y * gw + x]!; cols[x] = n / (y1 - y0); }
  const first = (a: Float32Array) => a.findIndex((c) => c >= COVER), last = (a: Float32Array) => a.findLastIndex((c) => c >= COVER);
  if (first(cols) < 0 || first(rows) < 0) return pose;
  const keep = (moved: number, was: number) => (Math.abs(moved - was) <= MOVE ? moved : was);
  const u0 = keep(u(first(cols)) - RIM, 0), u1 = keep(u(last(cols) + 1) + RIM, 1), v0 = keep(v(first(rows)) - RIM, 0), v1 = keep(v(last(rows) + 1) + RIM, 1);
  const du = ((u0 + u1) / 2 - 0.5) * pose.width, dv = ((v0 + v1) / 2 - 0.5) * pose.height, c = Math.cos(pose.angle), s = Math.sin(pose.angle);
  return { ...pose, cx: pose.cx + du * c - dv * s, cy: pose.cy + du * s + dv * c, width: (u1 - u0) * pose.width, height: (v1 - v0) * pose.height };
};
