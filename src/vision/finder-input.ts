/**
 * A frame as the learned face finder sees it (finder.ts; trained by tools/vision/train-finder.py
 * on exactly this): scaled to fit FINDER_W x FINDER_H keeping its shape, each pixel the mean of
 * the frame's pixels under it, the rest of the canvas 0, channels R, G, B planar in -0.5..0.5.
 */
import type { Frame } from './image';

export const FINDER_W = 320;
export const FINDER_H = 192;

export interface FinderInput {
  data: Float32Array;
  /** canvas pixels per frame pixel */
  scale: number;
}

/** `most`: the finder sees the frame at no more than this scale (faces larger than it was trained
 *  on, in a region close round a few tiles, are shown it smaller). */
export const finderInput = (f: Frame, most = 1): FinderInput => {
  const scale = Math.min(FINDER_W / f.width, FINDER_H / f.height, most);
  const w = Math.min(FINDER_W, Math.round(f.width * scale)),
    h = Math.min(FINDER_H, Math.round(f.height * scale));
  const data = new Float32Array(3 * FINDER_W * FINDER_H),
    plane = FINDER_W * FINDER_H,
    d = f.data;
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y / scale),
      y1 = Math.max(y0 + 1, Math.min(f.height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x / scale),
        x1 = Math.max(x0 + 1, Math.min(f.width, Math.floor((x + 1) / scale)));
      let r = 0,
        g = 0,
        b = 0;
      for (let yy = y0; yy < y1; yy++)
        for (let i = (yy * f.width + x0) * 4, end = (yy * f.width + x1) * 4; i < end; i += 4) {
          r += d[i]!;
          g += d[i + 1]!;
          b += d[i + 2]!;
        }
      const n = 255 * (y1 - y0) * (x1 - x0),
        o = y * FINDER_W + x;
      data[o] = r / n - 0.5;
      data[plane + o] = g / n - 0.5;
      data[2 * plane + o] = b / n - 0.5;
    }
  }
  return { data, scale };
};
