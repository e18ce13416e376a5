/**
 * A strip of the card enlarged for a second look. A dense card photographed whole prints its
 * digits some 8 px tall: enlarging the straightened picture again would blur twice, so the strip
 * is drawn from the photo itself (through the straightening's mapping) with a cubic filter, its
 * ink the darkest channel (a red or green group reads as dark as black), then levelled against
 * its own paper (a shadow across the row is undone piece by piece) and slightly sharpened.
 */
import type { OcrBox } from './page-reader';
import type { Straight } from './straighten';

// Keys' cubic with a = -0.5 (Catmull-Rom): sharper than bilinear, without ringing worth the name.
const cubic = (t: number) => {
  const a = Math.abs(t);
  return a < 1 ? 1.5 * a * a * a - 2.5 * a * a + 1 : a < 2 ? -0.5 * a * a * a + 2.5 * a * a - 4 * a + 2 : 0;
};

/** The darkest channel of every pixel of the photo, kept with the straight picture once made. */
const darkOf = (s: Straight): Uint8Array => {
  const f = s.source;
  const cached = darkCache.get(f);
  if (cached) return cached;
  const n = f.width * f.height,
    d = f.data,
    out = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = Math.min(d[j]!, d[j + 1]!, d[j + 2]!);
  darkCache.set(f, out);
  return out;
};
const darkCache = new WeakMap<object, Uint8Array>();

const sampleCubic = (v: Uint8Array, w: number, h: number, x: number, y: number): number => {
  const xi = Math.floor(x),
    yi = Math.floor(y),
    fx = x - xi,
    fy = y - yi;
  let sum = 0;
  for (let j = -1; j <= 2; j++) {
    const yy = Math.min(h - 1, Math.max(0, yi + j)),
      wy = cubic(j - fy);
    let row = 0;
    for (let i = -1; i <= 2; i++) row += cubic(i - fx) * v[yy * w + Math.min(w - 1, Math.max(0, xi + i))]!;
    sum += wy * row;
  }
  return sum;
};

// Paper is measured in pieces this many strip heights wide (a shadow changes slowly along a row).
const PIECE = 2;
// Paper is this share up the piece's values, ink this share (the strokes' cores).
const PAPER_AT = 0.9;
const INK_AT = 0.03;
// Unsharp mask: this much of the difference from a 3x3 mean added back.
const SHARPEN = 0.5;

const quantile = (xs: Float32Array | number[], q: number) => {
  const s = Array.from(xs).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/**
 * The part `b` of the straight picture, enlarged `scale` times from the photo, levelled so its
 * paper is white and its ink black: width, height and grey pixels.
 */
export const enlargedStrip = (s: Straight, b: OcrBox, scale: number): { width: number; height: number; grey: Uint8Array } => {
  const src = s.source,
    dark = darkOf(s);
  const w = Math.max(1, Math.round((b.x1 - b.x0) * scale)),
    h = Math.max(1, Math.round((b.y1 - b.y0) * scale));
  const raw = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [px, py] = s.toPicture(b.x0 + (x + 0.5) / scale, b.y0 + (y + 0.5) / scale);
      raw[y * w + x] = sampleCubic(dark, src.width, src.height, px - 0.5, py - 0.5);
    }
  // Paper and ink levels per piece, between piece centres linearly.
  const piece = Math.max(8, PIECE * h),
    n = Math.max(1, Math.round(w / piece));
  const paper: number[] = [],
    ink: number[] = [];
  for (let k = 0; k < n; k++) {
    const x0 = Math.floor((k * w) / n),
      x1 = Math.floor(((k + 1) * w) / n);
    const vs: number[] = [];
    for (let y = 0; y < h; y += 2) for (let x = x0; x < x1; x += 2) vs.push(raw[y * w + x]!);
    paper.push(quantile(vs, PAPER_AT));
    ink.push(quantile(vs, INK_AT));
  }
  // Ink is as dark as the darkest piece's (a piece of blank paper has none).
  const inkLevel = Math.min(...ink);
  const out = new Uint8Array(w * h);
  const levelled = new Float32Array(w * h);
  for (let x = 0; x < w; x++) {
    const f = Math.min(n - 1, Math.max(0, (x + 0.5) / (w / n) - 0.5)),
      k0 = Math.floor(f),
      k1 = Math.min(n - 1, k0 + 1),
      t = f - k0;
    const p = paper[k0]! * (1 - t) + paper[k1]! * t;
    const range = Math.max(20, p - inkLevel);
    for (let y = 0; y < h; y++) levelled[y * w + x] = (raw[y * w + x]! - inkLevel) / range;
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) m += levelled[Math.min(h - 1, Math.max(0, y + dy)) * w + Math.min(w - 1, Math.max(0, x + dx))]!;
      const v = levelled[y * w + x]!;
      out[y * w + x] = Math.round(255 * Math.min(1, Math.max(0, v + SHARPEN * (v - m / 9))));
    }
  return { width: w, height: h, grey: out };
};
