/**
 * What the reading network sees: the located face, straightened upright to NET_W x NET_H, as
 * three colour planes with the frame's own brightness and contrast taken out (a dim kitchen and a
 * bright window give the same numbers). Training (tools/vision/train-embedding.py) cuts its faces
 * with a margin (faceWithMargin) so it can shift and scale them; the same normalisation is
 * written there and must stay the same as here.
 */
import { makeFrame, type Frame } from './image';
import type { FacePose } from './locate';

export const NET_W = 48,
  NET_H = 64;
/** The inner part of the located box: its rim is bevel and neighbours' slivers, not art. */
export const INNER = 0.92;
/** Training faces carry this much more than the net sees, so they can be shifted and scaled. */
export const MARGIN = 1.15;
export const EXPORT_W = Math.round(NET_W * MARGIN),
  EXPORT_H = Math.round(NET_H * MARGIN);

/** Cut the face out upright into an outW×outH frame; (u0,v0)-(u1,v1) picks a part (0..1 of the face).
 *  Each pixel is image.ts sample()'s bilinear sample of the three colours, its place and weights
 *  worked out once for all three (calling sample() per colour was a twentieth of reading a floor). */
export const straighten = (f: Frame, pose: FacePose, outW: number, outH: number, u0 = 0, v0 = 0, u1 = 1, v1 = 1) => {
  const out = makeFrame(outW, outH),
    o = out.data,
    d = f.data,
    w = f.width,
    h = f.height,
    row = w * 4;
  const cos = Math.cos(pose.angle),
    sin = Math.sin(pose.angle),
    ax = new Float64Array(outW),
    ay = new Float64Array(outW);
  // The part of each place that depends on the column alone, summed in the same order as before
  // (cx + u·cos, then − v·sin), so every sample is the same to the last bit.
  for (let x = 0; x < outW; x++) {
    const u = (u0 + ((x + 0.5) / outW) * (u1 - u0) - 0.5) * pose.width;
    ax[x] = pose.cx + u * cos;
    ay[x] = pose.cy + u * sin;
  }
  const xMax = w - 1.001,
    yMax = h - 1.001;
  for (let y = 0; y < outH; y++) {
    const v = (v0 + ((y + 0.5) / outH) * (v1 - v0) - 0.5) * pose.height,
      vs = v * sin,
      vc = v * cos;
    for (let x = 0; x < outW; x++) {
      const sx = ax[x]! - vs,
        sy = ay[x]! + vc;
      const xc = sx < 0 ? 0 : sx > xMax ? xMax : sx,
        yc = sy < 0 ? 0 : sy > yMax ? yMax : sy;
      // xc and yc are clamped to 0 or more, so truncating is flooring (and Math.floor took a fifth of this).
      const x0 = xc | 0,
        y0 = yc | 0,
        fx = xc - x0,
        fy = yc - y0,
        gx = 1 - fx,
        gy = 1 - fy;
      const i = (y0 * w + x0) * 4,
        k = i + row,
        j = (y * outW + x) * 4;
      o[j] = (d[i]! * gx + d[i + 4]! * fx) * gy + (d[k]! * gx + d[k + 4]! * fx) * fy;
      o[j + 1] = (d[i + 1]! * gx + d[i + 5]! * fx) * gy + (d[k + 1]! * gx + d[k + 5]! * fx) * fy;
      o[j + 2] = (d[i + 2]! * gx + d[i + 6]! * fx) * gy + (d[k + 2]! * gx + d[k + 6]! * fx) * fy;
      o[j + 3] = 255;
    }
  }
  return out;
};

/** The part of a located face the network sees, shifted by (dx, dy) of its size and scaled by s. */
export const netPose = (p: FacePose, [dx, dy, s]: readonly [number, number, number] = [0, 0, 1]): FacePose => ({
  ...p,
  cx: p.cx + dx * p.width,
  cy: p.cy + dy * p.height,
  width: p.width * s * INNER,
  height: p.height * s * INNER,
});

/** A face with the training margin round it. */
export const faceWithMargin = (frame: Frame, pose: FacePose): Frame => straighten(frame, netPose(pose, [0, 0, MARGIN]), EXPORT_W, EXPORT_H);

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
