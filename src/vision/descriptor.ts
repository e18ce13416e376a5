/**
 * A description of a straightened tile face that survives real photographs: light divided out,
 * shape carried by gradient orientations (HOG) and a coarse ink map, colour by a few coarse ink
 * colour shares (weighted low: sets print their suits in their own colours). Unit length, so a
 * dot product is a cosine similarity.
 */
import { makeFrame, type Frame } from './image';

export const DESC_W = 48, DESC_H = 64; // straightened face the descriptor is computed on
const HOG_CX = 6, HOG_CY = 8, BINS = 9; // HOG cells across, down; orientation bins (unsigned)
const INK_CX = 12, INK_CY = 16; // ink map cells
const COL_CX = 2, COL_CY = 3; // colour share cells
export const DESCRIPTOR_LENGTH = HOG_CX * HOG_CY * BINS + INK_CX * INK_CY + COL_CX * COL_CY * 4;

export interface DescriptorWeights { hog: number; ink: number; colour: number }
export const WEIGHTS: DescriptorWeights = { hog: 1, ink: 0.8, colour: 0.35 };

/** Ink (0 paper .. 1 black) and light-normalised r, g, b after dividing by the local paper level. */
const inkImage = (f: Frame) => {
  const { width: w, height: h, data } = f;
  const n = w * h;
  const mx = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) mx[i] = Math.max(data[j]!, data[j + 1]!, data[j + 2]!);
  // Paper level: max over a 9x9 neighbourhood (separable), then a 5x5 box blur.
  const R = 4;
  const tmp = new Float32Array(n), paper = new Float32Array(n);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let d = -R; d <= R; d++) { const xx = x + d; if (xx >= 0 && xx < w) m = Math.max(m, mx[y * w + xx]!); }
      tmp[y * w + x] = m;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let d = -R; d <= R; d++) { const yy = y + d; if (yy >= 0 && yy < h) m = Math.max(m, tmp[yy * w + x]!); }
      paper[y * w + x] = Math.max(m, 40);
    }
  const ink = new Float32Array(n), r = new Float32Array(n), g = new Float32Array(n), b = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const p = paper[i]!;
    r[i] = Math.min(1, data[j]! / p); g[i] = Math.min(1, data[j + 1]! / p); b[i] = Math.min(1, data[j + 2]! / p);
    ink[i] = Math.max(0, 1 - (r[i]! + g[i]! + b[i]!) / 3);
  }
  return { ink, r, g, b };
};

const unit = (v: Float32Array, from: number, to: number, weight: number) => {
  let s = 0;
  for (let i = from; i < to; i++) s += v[i]! * v[i]!;
  const k = s > 1e-12 ? weight / Math.sqrt(s) : 0;
  for (let i = from; i < to; i++) v[i] = v[i]! * k;
};

/** Descriptor of a face already straightened to DESC_W × DESC_H (upright). */
export const describeFace = (face: Frame, weights: DescriptorWeights = WEIGHTS): Float32Array => {
  const { width: w, height: h } = face;
  const { ink, r, g, b } = inkImage(face);
  const out = new Float32Array(DESCRIPTOR_LENGTH);
  // HOG on the ink image (bilinear in orientation only; cells hard-assigned).
  const cw = w / HOG_CX, ch = h / HOG_CY;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const gx = ink[y * w + x + 1]! - ink[y * w + x - 1]!, gy = ink[(y + 1) * w + x]! - ink[(y - 1) * w + x]!;
      const mag = Math.hypot(gx, gy);
      if (mag < 1e-3) continue;
      let ang = Math.atan2(gy, gx);
      if (ang < 0) ang += Math.PI;
      const fb = (ang / Math.PI) * BINS - 0.5;
      const b0 = Math.floor(fb), t = fb - b0;
      const cell = (Math.min(HOG_CY - 1, Math.floor(y / ch)) * HOG_CX + Math.min(HOG_CX - 1, Math.floor(x / cw))) * BINS;
      out[cell + ((b0 + BINS) % BINS)] += mag * (1 - t);
      out[cell + ((b0 + 1) % BINS)] += mag * t;
    }
  // Per-cell normalisation (light-independent), then the whole HOG block to its weight.
  for (let c = 0; c < HOG_CX * HOG_CY; c++) {
    let s = 0;
    for (let k = 0; k < BINS; k++) s += out[c * BINS + k]! ** 2;
    const k2 = 1 / Math.sqrt(s + 0.05);
    for (let k = 0; k < BINS; k++) out[c * BINS + k] = Math.min(0.25, out[c * BINS + k]! * k2);
  }
  const hogEnd = HOG_CX * HOG_CY * BINS;
  unit(out, 0, hogEnd, weights.hog);
  // Ink map, zero-mean.
  const inkEnd = hogEnd + INK_CX * INK_CY;
  const icw = w / INK_CX, ich = h / INK_CY;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[hogEnd + Math.min(INK_CY - 1, Math.floor(y / ich)) * INK_CX + Math.min(INK_CX - 1, Math.floor(x / icw))] += ink[y * w + x]!;
  let mean = 0;
  for (let i = hogEnd; i < inkEnd; i++) mean += out[i]!;
  mean /= inkEnd - hogEnd;
  for (let i = hogEnd; i < inkEnd; i++) out[i] = out[i]! - mean;
  unit(out, hogEnd, inkEnd, weights.ink);
  // Colour shares of the ink per coarse cell: red, green, blue, dark.
  const ccw = w / COL_CX, cch = h / COL_CY;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (ink[i]! < 0.12) continue;
      const cell = inkEnd + (Math.min(COL_CY - 1, Math.floor(y / cch)) * COL_CX + Math.min(COL_CX - 1, Math.floor(x / ccw))) * 4;
      const R = r[i]!, G = g[i]!, B = b[i]!;
      const red = Math.max(0, R - (G + B) / 2), green = Math.max(0, G - (R + B) / 2), blue = Math.max(0, B - (R + G) / 2);
      out[cell] += red; out[cell + 1] += green; out[cell + 2] += blue; out[cell + 3] += Math.max(0, ink[i]! - red - green - blue);
    }
  unit(out, inkEnd, DESCRIPTOR_LENGTH, weights.colour);
  return out;
};

/** The same face turned upside down (a tile shown the other way round). */
export const turn180 = (f: Frame): Frame => {
  const out = makeFrame(f.width, f.height);
  const n = f.width * f.height;
  for (let i = 0; i < n; i++) out.data.set(f.data.subarray(i * 4, i * 4 + 4), (n - 1 - i) * 4);
  return out;
};

export const cosine = (a: Float32Array, b: Float32Array): number => {
  let s = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) { s += a[i]! * b[i]!; na += a[i]! * a[i]!; nb += b[i]! * b[i]!; }
  return s / Math.sqrt(na * nb || 1);
};
