/**
 * The printed parts of a tile that tesseract reads: the corner index (one character, 1-9 or
 * N E W S, read as a single word, page-segmentation mode 8: on these crops mode 10 (single
 * character) returned nothing for ~7% of clean glyphs) and the joker's word (mode 7, one line).
 * Each region is straightened, light-flattened, binarised and padded before it is read.
 */
import { encodePgm, type Frame } from './image';
import type { FacePose } from './locate';
import { straighten } from './features';

export const INDEX_CHARS = '123456789NEWS';
export type ReadMode = 'index' | 'word';

/** Anything that can read a small grey image: tesseract.js in a worker (browser or Node). */
export interface TextReader {
  read(image: Uint8Array, mode: ReadMode): Promise<{ text: string; confidence: number }>;
}

/** The minimal tesseract.js worker surface we use (keeps this module free of tesseract's types). */
export interface TesseractLike {
  setParameters(p: Record<string, string>): Promise<unknown>;
  recognize(image: Uint8Array): Promise<{ data: { text: string; confidence: number } }>;
}

const PARAMS: Record<ReadMode, Record<string, string>> = {
  index: { tessedit_char_whitelist: INDEX_CHARS, tessedit_pageseg_mode: '8' },
  word: { tessedit_char_whitelist: 'JOKER', tessedit_pageseg_mode: '7' },
};

/** Wrap a tesseract.js worker; parameters are switched only when the mode changes. */
export const tesseractReader = (worker: TesseractLike): TextReader => {
  let mode: ReadMode | null = null;
  return {
    async read(image, m) {
      if (m !== mode) {
        await worker.setParameters(PARAMS[m]);
        mode = m;
      }
      const { data } = await worker.recognize(image);
      return { text: data.text.replace(/\s+/g, ''), confidence: data.confidence };
    },
  };
};

/** Regions of the upright face, as fractions (u0, v0, u1, v1), and the pixel size to read them at. */
export const REGIONS: Record<ReadMode, { box: [number, number, number, number]; w: number; h: number }> = {
  index: { box: [0.0, 0.0, 0.34, 0.28], w: 68, h: 72 },
  word: { box: [0.04, 0.06, 0.96, 0.3], w: 180, h: 50 },
};

/** Grey, flattened (divided by the local paper white), Otsu-binarised, padded: ready for tesseract. */
export const regionImage = (f: Frame, pose: FacePose, mode: ReadMode): { width: number; height: number; grey: Uint8Array; ink: number } => {
  const { box, w, h } = REGIONS[mode];
  const part = straighten(f, pose, w, h, ...box);
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    // min channel: coloured ink (red numerals) reads as dark as black ink
    grey[i] = Math.min(part.data[i * 4]!, part.data[i * 4 + 1]!, part.data[i * 4 + 2]!);
  }
  // Paper white per column band and row band is uneven under a shadow: divide by a max filter.
  const R = 8,
    white = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let dy = -R; dy <= R; dy += 2)
        for (let dx = -R; dx <= R; dx += 2) {
          const xx = Math.min(w - 1, Math.max(0, x + dx)),
            yy = Math.min(h - 1, Math.max(0, y + dy));
          m = Math.max(m, grey[yy * w + xx]!);
        }
      white[y * w + x] = Math.max(m, 20);
    }
  const norm = grey.map((g, i) => Math.min(1, g / white[i]!));
  // Otsu on the normalised values.
  const hist = new Array(64).fill(0);
  for (const v of norm) hist[Math.min(63, Math.floor(v * 64))]++;
  let sum = 0;
  for (let i = 0; i < 64; i++) sum += i * hist[i];
  let sumB = 0,
    wB = 0,
    best = 0,
    thr = 40;
  for (let t = 0; t < 64; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = norm.length - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB,
      mF = (sum - sumB) / wF,
      between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      thr = t;
    }
  }
  const cut = Math.min((thr + 0.5) / 64, 0.72); // never call faint paper texture ink
  const dark = new Uint8Array(w * h);
  for (let i = 0; i < dark.length; i++) dark[i] = norm[i]! < cut ? 1 : 0;
  // Drop ink blobs touching the region's edge (the tile's border, the table, the art beside
  // the index) and specks of noise: what is left is the printed character.
  const seen = new Uint8Array(w * h),
    stack: number[] = [];
  for (let i = 0; i < dark.length; i++) {
    if (!dark[i] || seen[i]) continue;
    const blob: number[] = [];
    let edge = false;
    seen[i] = 1;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      blob.push(p);
      const x = p % w,
        y = (p - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) edge = true;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1])
        if (q >= 0 && dark[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
    }
    if (edge || blob.length < 12) for (const p of blob) dark[p] = 0;
  }
  // Tesseract reads best with glyphs ~40 px tall and a clear margin: crop to the ink, rescale.
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1,
    ink = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (dark[y * w + x]) {
        ink++;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  if (!ink) return { width: 0, height: 0, grey: new Uint8Array(0), ink: 0 };
  const target = mode === 'index' ? 40 : 32,
    k = target / (y1 - y0 + 1),
    P = 16;
  const cw = Math.max(1, Math.round((x1 - x0 + 1) * k)),
    ch = Math.round((y1 - y0 + 1) * k);
  const W = cw + 2 * P,
    H = ch + 2 * P;
  const out = new Uint8Array(W * H).fill(255);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const sx = x0 + (x + 0.5) / k - 0.5,
        sy = y0 + (y + 0.5) / k - 0.5;
      const ix = Math.min(w - 2, Math.max(0, Math.floor(sx))),
        iy = Math.min(h - 2, Math.max(0, Math.floor(sy)));
      const fx = Math.min(1, Math.max(0, sx - ix)),
        fy = Math.min(1, Math.max(0, sy - iy));
      const v =
        (dark[iy * w + ix]! * (1 - fx) + dark[iy * w + ix + 1]! * fx) * (1 - fy) +
        (dark[(iy + 1) * w + ix]! * (1 - fx) + dark[(iy + 1) * w + ix + 1]! * fx) * fy;
      if (v >= 0.5) out[(y + P) * W + x + P] = 0;
    }
  return { width: W, height: H, grey: out, ink: ink / (w * h) };
};

export const regionPgm = (f: Frame, pose: FacePose, mode: ReadMode) => {
  const r = regionImage(f, pose, mode);
  return { pgm: r.ink ? encodePgm(r.width, r.height, r.grey) : null, ink: r.ink };
};
