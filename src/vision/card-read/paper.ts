/**
 * Where the card lies in the picture: the largest bright region (the paper against a table),
 * its four corners. A scan, or a photo whose paper fills the frame or does not stand out, gives
 * null: the whole picture is read.
 */
import { luminance, shrink, type Frame } from '../image';
import type { Point } from './homography';

/** Otsu's threshold of 0..255 values. */
export const otsu = (v: ArrayLike<number>): number => {
  const hist = new Array<number>(256).fill(0);
  for (let i = 0; i < v.length; i++) hist[Math.max(0, Math.min(255, Math.round(v[i]!)))]!++;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0,
    wB = 0,
    best = -1,
    thr = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (!wB) continue;
    const wF = v.length - wB;
    if (!wF) break;
    sumB += t * hist[t]!;
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      thr = t;
    }
  }
  return thr;
};

/** The card's corners (top-left, top-right, bottom-right, bottom-left) in picture pixels, or null. */
export const findPaper = (f: Frame): [Point, Point, Point, Point] | null => {
  const { frame: small, scale } = shrink(f, 320);
  const w = small.width,
    h = small.height,
    lum = luminance(small);
  const thr = otsu(lum);
  const bright = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) bright[i] = lum[i]! > thr ? 1 : 0;
  // Largest 4-connected bright region.
  const label = new Int32Array(w * h).fill(-1),
    stack: number[] = [];
  let best: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!bright[i] || label[i]! >= 0) continue;
    const region: number[] = [];
    label[i] = i;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      region.push(p);
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w])
        if (q >= 0 && q < w * h && bright[q] && label[q]! < 0) {
          label[q] = i;
          stack.push(q);
        }
    }
    if (region.length > best.length) best = region;
  }
  // The paper must stand out: not most of the frame (a scan), not a small patch.
  if (best.length < 0.15 * w * h || best.length > 0.9 * w * h) return null;
  let tl = best[0]!,
    tr = tl,
    br = tl,
    bl = tl;
  const xy = (p: number): Point => [p % w, Math.floor(p / w)];
  for (const p of best) {
    const [x, y] = xy(p);
    const s = x + y,
      d = x - y;
    if (s < xy(tl)[0] + xy(tl)[1]) tl = p;
    if (s > xy(br)[0] + xy(br)[1]) br = p;
    if (d > xy(tr)[0] - xy(tr)[1]) tr = p;
    if (d < xy(bl)[0] - xy(bl)[1]) bl = p;
  }
  const up = (p: number): Point => {
    const [x, y] = xy(p);
    return [(x + 0.5) * scale, (y + 0.5) * scale];
  };
  return [up(tl), up(tr), up(br), up(bl)];
};
