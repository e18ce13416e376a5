/**
 * The colour of a group's ink, as printed cards colour suits: the mean colour of its darkest
 * pixels against the mean colour of the paper around them (so a warm lamp or a shadow does not
 * tint black ink), as a chroma (0 black .. ~0.7 a strong colour) and a hue in degrees.
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
  const n = ink.map((v, c) => v / ni / Math.max(30, np ? paper[c]! / np : 255));
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

/**
 * The card's suit inks: the hues of its coloured groups split where neighbouring hues (around the
 * circle) are more than GAP apart. Returns each ink's mean hue, largest gaps first.
 */
export const GAP = 35;
export const inksOf = (hues: number[]): number[] => {
  if (!hues.length) return [];
  const s = [...hues].sort((a, b) => a - b);
  const gaps = s.map((h, i) => ({ at: i, gap: (s[(i + 1) % s.length]! - h + 360) % 360 || (s.length === 1 ? 360 : 0) }));
  const cuts = gaps
    .filter((g) => g.gap > GAP)
    .map((g) => g.at)
    .sort((a, b) => a - b);
  if (!cuts.length) return [s.reduce((a, b) => a + b, 0) / s.length];
  const out: number[] = [];
  for (let k = 0; k < cuts.length; k++) {
    const from = (cuts[k]! + 1) % s.length,
      to = cuts[(k + 1) % cuts.length]!;
    const members: number[] = [];
    for (let i = from; ; i = (i + 1) % s.length) {
      members.push(s[i]!);
      if (i === to) break;
    }
    // circular mean
    const x = members.reduce((a, h) => a + Math.cos((h * Math.PI) / 180), 0),
      y = members.reduce((a, h) => a + Math.sin((h * Math.PI) / 180), 0);
    out.push(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360);
  }
  return out;
};
