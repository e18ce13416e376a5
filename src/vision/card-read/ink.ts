/**
 * How dark each pixel's ink is against its own paper: the darkest channel (a red or green group
 * reads as dark as black), divided by the local paper white (a shadow across the card does not
 * darken the paper into ink), stretched so paper is white and ink black. Tesseract reads this.
 */
import type { Frame } from '../image';

const BLOCK = 24;

export const inkGrey = (f: Frame): Uint8Array => {
  const { width: w, height: h, data: d } = f;
  const n = w * h,
    dark = new Float32Array(n);
  for (let i = 0; i < n; i++) dark[i] = Math.min(d[i * 4]!, d[i * 4 + 1]!, d[i * 4 + 2]!);
  // Paper white per block: the brightest in the block and its neighbours (a block may be all ink).
  const bw = Math.ceil(w / BLOCK),
    bh = Math.ceil(h / BLOCK),
    top = new Float32Array(bw * bh);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const b = Math.floor(y / BLOCK) * bw + Math.floor(x / BLOCK);
      if (dark[y * w + x]! > top[b]!) top[b] = dark[y * w + x]!;
    }
  const white = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = by + dy,
            xx = bx + dx;
          if (yy >= 0 && yy < bh && xx >= 0 && xx < bw) m = Math.max(m, top[yy * bw + xx]!);
        }
      white[by * bw + bx] = Math.max(m, 30);
    }
  // Bilinear white between block centres, so block edges leave no seams.
  const out = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / BLOCK - 0.5)),
      y0 = Math.floor(fy),
      y1 = Math.min(bh - 1, y0 + 1),
      ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / BLOCK - 0.5)),
        x0 = Math.floor(fx),
        x1 = Math.min(bw - 1, x0 + 1),
        tx = fx - x0;
      const wh =
        (white[y0 * bw + x0]! * (1 - tx) + white[y0 * bw + x1]! * tx) * (1 - ty) +
        (white[y1 * bw + x0]! * (1 - tx) + white[y1 * bw + x1]! * tx) * ty;
      const v = dark[y * w + x]! / wh; // 1 = paper
      out[y * w + x] = Math.round(255 * Math.min(1, Math.max(0, (v - 0.2) / 0.62)));
    }
  }
  return out;
};
