/**
 * The colour of a group's ink, as printed cards colour suits: what its ink takes from the paper
 * around it, channel by channel (so a warm lamp or a shadow does not tint black ink), spread over
 * its darkest pixels, as a chroma (0 black .. ~0.7 a strong colour) and a hue in degrees.
 */
import type { Frame } from '../image';
import type { OcrBox } from './page-reader';

export interface Ink {
  chroma: number;
  hue: number;
  pixels: number;
}

export const inkOf = (f: Frame, grey: Uint8Array, b: OcrBox): Ink => {
  const w = f.width,
    d = f.data;
  const ink = [0, 0, 0],
    paper = [0, 0, 0];
  let ni = 0,
    np = 0;
  const pad = Math.round((b.y1 - b.y0) * 0.3);
  // Ink is the darker half of the range inside the box: light inks blurred never get dark.
  let least = 255;
  for (let y = Math.max(0, b.y0); y < Math.min(f.height, b.y1); y++)
    for (let x = Math.max(0, b.x0); x < Math.min(w, b.x1); x++) least = Math.min(least, grey[y * w + x]!);
  const cut = (least + 235) / 2;
  for (let y = Math.max(0, b.y0 - pad); y < Math.min(f.height, b.y1 + pad); y++)
    for (let x = Math.max(0, b.x0 - pad); x < Math.min(w, b.x1 + pad); x++) {
      const g = grey[y * w + x]!,
        j = (y * w + x) * 4;
      const inside = x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1;
      if (inside && g < cut) {
        for (let c = 0; c < 3; c++) ink[c] += d[j + c]!;
        ni++;
      } else if (g > 235) {
        for (let c = 0; c < 3; c++) paper[c] += d[j + c]!;
        np++;
      }
    }
  if (!ni) return { chroma: 0, hue: 0, pixels: 0 };
  // What the ink takes from the paper, channel by channel, over the whole box: a JPEG keeps its
  // colour at half resolution, so a thin stroke's colour lies partly beside its darkest pixels.
  const white = paper.map((v) => Math.max(30, np ? v / np : 255));
  const taken = [0, 0, 0];
  for (let y = Math.max(0, b.y0); y < Math.min(f.height, b.y1); y++)
    for (let x = Math.max(0, b.x0); x < Math.min(w, b.x1); x++) {
      const j = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) taken[c] += Math.max(0, white[c]! - d[j + c]!) / white[c]!;
    }
  // Its colour's direction from all it takes, its strength as dark as its darkest pixels are.
  const darkest = 1 - Math.min(...ink.map((v, c) => v / ni / white[c]!));
  const most = Math.max(...taken, 1e-6);
  const n = taken.map((v) => 1 - (v / most) * darkest);
  const [r, g, bl] = n as [number, number, number];
  const chroma = Math.max(r, g, bl) - Math.min(r, g, bl);
  const hue = ((Math.atan2(Math.sqrt(3) * (g - bl), 2 * r - g - bl) * 180) / Math.PI + 360) % 360;
  return { chroma, hue, pixels: ni };
};

/** Below this chroma ink is black; above COLOURED it is a suit colour; between, unsure. */
export const BLACK = 0.035;
export const COLOURED = 0.06;

/** Hue distance on the circle. */
export const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/** Hues further than this from every suit ink match none of them. */
export const GAP = 35;
// The hue circle in bins of this many degrees; a peak needs this share of the highest.
const BIN = 10;
const PEAK_SHARE = 0.15;
// Printed cards colour three suits.
const SUITS = 3;

const circularMean = (hs: number[]) => {
  const x = hs.reduce((a, h) => a + Math.cos((h * Math.PI) / 180), 0),
    y = hs.reduce((a, h) => a + Math.sin((h * Math.PI) / 180), 0);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
};

/**
 * The card's suit inks: the peaks of the histogram of its coloured groups' hues (smoothed around
 * the circle), at most three, each refined to the mean hue of the groups nearest it. Peaks, not
 * gaps between hues: on a dense card a few blurred groups of middling hue bridge every gap.
 */
export const inksOf = (hues: number[]): number[] => {
  if (!hues.length) return [];
  const n = 360 / BIN,
    hist = new Array<number>(n).fill(0);
  for (const h of hues) hist[Math.floor((((h % 360) + 360) % 360) / BIN) % n]!++;
  const kernel = [1, 2, 3, 2, 1];
  const smooth = hist.map((_, i) => kernel.reduce((a, k, j) => a + k * hist[(i + j - 2 + n) % n]!, 0));
  const top = Math.max(...smooth);
  const peaks = smooth
    .map((v, i) => ({ v, i }))
    .filter(({ v, i }) => v >= PEAK_SHARE * top && v >= smooth[(i - 1 + n) % n]! && v > smooth[(i + 1) % n]!)
    .sort((a, b) => b.v - a.v)
    .slice(0, SUITS)
    .map(({ i }) => i * BIN + BIN / 2);
  const near = peaks.map(() => [] as number[]);
  for (const h of hues) {
    const at = peaks.reduce((b, p, k) => (hueGap(p, h) < hueGap(peaks[b]!, h) ? k : b), 0);
    if (hueGap(peaks[at]!, h) <= GAP) near[at]!.push(h);
  }
  return peaks.map((p, k) => (near[k]!.length ? circularMean(near[k]!) : p));
};
