/**
 * Straighten the face and describe it: a coarse map of ink with its colour (red, green, blue,
 * dark), after dividing out the light. Suits and honours differ in exactly that: bams are green
 * sticks, craks a red/black character under a coloured numeral, dots blue/red rings.
 */
import { makeFrame, type Frame } from './image';
import type { FacePose } from './locate';

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

export const FACE_W = 48,
  FACE_H = 64; // straightened face size used for features
const GRID_W = 12,
  GRID_H = 16; // feature cells
export const FEATURE_LENGTH = GRID_W * GRID_H * 4;

/** Per-pixel white level: the brightest paper nearby (blocks of 6 px, 85th percentile, smoothed). */
const whiteMap = (f: Frame) => {
  const { width: w, height: h, data } = f;
  const B = 6,
    bw = Math.ceil(w / B),
    bh = Math.ceil(h / B);
  const blocks = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const vals: number[] = [];
      for (let y = by * B; y < Math.min(h, by * B + B); y++)
        for (let x = bx * B; x < Math.min(w, bx * B + B); x++) {
          const j = (y * w + x) * 4;
          vals.push(Math.max(data[j]!, data[j + 1]!, data[j + 2]!));
        }
      vals.sort((a, b) => a - b);
      blocks[by * bw + bx] = vals[Math.floor(vals.length * 0.85)] ?? 255;
    }
  // A block full of ink has a low white level: lift each block to its neighbourhood's best.
  const lifted = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const x = bx + dx,
            y = by + dy;
          if (x >= 0 && y >= 0 && x < bw && y < bh) m = Math.max(m, blocks[y * bw + x]!);
        }
      lifted[by * bw + bx] = Math.max(m, 30);
    }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const fx = Math.min(Math.max(x / B - 0.5, 0), bw - 1),
        fy = Math.min(Math.max(y / B - 0.5, 0), bh - 1);
      const x0 = Math.floor(fx),
        y0 = Math.floor(fy),
        x1 = Math.min(x0 + 1, bw - 1),
        y1 = Math.min(y0 + 1, bh - 1);
      const ax = fx - x0,
        ay = fy - y0;
      out[y * w + x] =
        (lifted[y0 * bw + x0]! * (1 - ax) + lifted[y0 * bw + x1]! * ax) * (1 - ay) +
        (lifted[y1 * bw + x0]! * (1 - ax) + lifted[y1 * bw + x1]! * ax) * ay;
    }
  return out;
};

/** Feature vector of a straightened face: zero-mean, unit length, so a dot product is a correlation. */
export const faceFeatures = (face: Frame): Float32Array => {
  const { width: w, height: h, data } = face;
  const white = whiteMap(face);
  const feat = new Float32Array(FEATURE_LENGTH);
  const cellW = w / GRID_W,
    cellH = h / GRID_H;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 4,
        wl = white[y * w + x]!;
      const r = Math.min(1.2, data[j]! / wl),
        g = Math.min(1.2, data[j + 1]! / wl),
        b = Math.min(1.2, data[j + 2]! / wl);
      const ink = Math.max(0, 1 - (r + g + b) / 3);
      if (ink < 0.08) continue;
      const cell = (Math.min(GRID_H - 1, Math.floor(y / cellH)) * GRID_W + Math.min(GRID_W - 1, Math.floor(x / cellW))) * 4;
      feat[cell] += ink;
      feat[cell + 1] += Math.max(0, r - (g + b) / 2) * 2; // red ink
      feat[cell + 2] += Math.max(0, g - (r + b) / 2) * 2; // green ink
      feat[cell + 3] += Math.max(0, b - (r + g) / 2) * 2; // blue ink
    }
  // Spread each cell a little into its neighbours: tolerance for residual tilt and keystone.
  const spread = new Float32Array(FEATURE_LENGTH);
  for (let cy = 0; cy < GRID_H; cy++)
    for (let cx = 0; cx < GRID_W; cx++)
      for (let k = 0; k < 4; k++) {
        let s = 0,
          wsum = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const x = cx + dx,
              y = cy + dy;
            if (x < 0 || y < 0 || x >= GRID_W || y >= GRID_H) continue;
            const wt = dx === 0 && dy === 0 ? 1 : dx === 0 || dy === 0 ? 0.5 : 0.25;
            s += feat[(y * GRID_W + x) * 4 + k]! * wt;
            wsum += wt;
          }
        spread[(cy * GRID_W + cx) * 4 + k] = s / wsum;
      }
  return normalise(spread);
};

export const normalise = (v: Float32Array): Float32Array => {
  let mean = 0;
  for (const x of v) mean += x;
  mean /= v.length;
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    v[i] = v[i]! - mean;
    norm += v[i]! * v[i]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
};

export const correlation = (a: Float32Array, b: Float32Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/**
 * Turn colour down against shape (ink channel kept, colour channels scaled by w), renormalised.
 * A set the app was never shown prints its suits in its own colours: its shapes carry over better.
 */
export const reweight = (f: Float32Array, w: number): Float32Array =>
  w === 1 ? f : normalise(Float32Array.from(f, (v, i) => (i % 4 === 0 ? v : v * w)));
