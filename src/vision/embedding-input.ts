/**
 * What the reading network sees: the located face, straightened upright to NET_W x NET_H, as
 * three colour planes with the frame's own brightness and contrast taken out (a dim kitchen and a
 * bright window give the same numbers). Training (tools/vision/train-embedding.py) cuts its faces
 * with a margin (faceWithMargin) so it can shift and scale them; the same normalisation is
 * written there and must stay the same as here.
 */
import type { Frame } from './image';
import { locateTile } from './locate-tight';
import type { FacePose, Located } from './locate';
import { straighten } from './features';

export const NET_W = 48,
  NET_H = 64;
/** The inner part of the located box: its rim is bevel and neighbours' slivers, not art. */
export const INNER = 0.92;
/** Training faces carry this much more than the net sees, so they can be shifted and scaled. */
export const MARGIN = 1.15;
export const EXPORT_W = Math.round(NET_W * MARGIN),
  EXPORT_H = Math.round(NET_H * MARGIN);

/** The part of a located face the network sees, shifted by (dx, dy) of its size and scaled by s. */
export const netPose = (p: FacePose, [dx, dy, s]: readonly [number, number, number] = [0, 0, 1]): FacePose => ({
  ...p,
  cx: p.cx + dx * p.width,
  cy: p.cy + dy * p.height,
  width: p.width * s * INNER,
  height: p.height * s * INNER,
});

/** A face with the training margin round it, or null when no tile is found. */
export const faceWithMargin = (frame: Frame, at: Located = locateTile(frame)): Frame | null =>
  at.ok ? straighten(frame, netPose(at.pose, [0, 0, MARGIN]), EXPORT_W, EXPORT_H) : null;

/** A colour byte over 255, divided once for each of the 256 (the same numbers as dividing each). */
const UNIT = Float64Array.from({ length: 256 }, (_, v) => v / 255);

/** Planes (R, G, B; channel-major) of a NET_W x NET_H face, zero mean and unit spread over the face. */
export const netInput = (face: Frame): Float32Array => {
  const n = NET_W * NET_H,
    d = face.data;
  const x = new Float32Array(3 * n);
  let sum = 0;
  for (let i = 0, src = 0; i < n; i++, src += 4) {
    const r = UNIT[d[src]!]!,
      g = UNIT[d[src + 1]!]!,
      b = UNIT[d[src + 2]!]!;
    x[i] = r;
    x[n + i] = g;
    x[2 * n + i] = b;
    sum += r;
    sum += g;
    sum += b; // in the same order as ever: the same mean to the last bit
  }
  const mean = sum / (3 * n);
  let sq = 0;
  for (let i = 0; i < 3 * n; i++) {
    const d = x[i]! - mean;
    sq += d * d;
  } // as ** 2 gives it, without its call
  const k = 1 / (Math.sqrt(sq / (3 * n)) + 1e-3);
  for (let i = 0; i < 3 * n; i++) x[i] = (x[i]! - mean) * k;
  return x;
};
