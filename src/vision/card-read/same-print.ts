/**
 * Groups printed alike read alike. A card repeats its groups (2222, 111, NN, 2026 on many rows),
 * each time in the same face and size, and a photo blurs them all the same way: so each group's
 * ink is compared with every other group's, and where the groups that look the same as it were
 * mostly read otherwise, it takes their reading, marked for the player to confirm. Tesseract's
 * slips on small print are scattered; the same slip on many copies of one group is rare.
 */
import type { OcrBox } from './page-reader';

export interface PrintedGroup {
  /** its box in the straight picture */
  box: OcrBox;
  /** the tokens read */
  tokens: string;
  /** how sure tesseract was, 0-100 */
  confidence: number;
}

// Each group's ink is compared at this height (pixels).
const H = 16;
// Ink is darker than this (the straight picture's paper is white, ink black).
const INK = 150;
// Two groups look alike when the correlation of their ink is at least this.
const ALIKE = 0.75;
// A reading is taken from the look-alikes when it holds this share of their weight and at least
// this many of them (besides the group itself) read it.
const SHARE = 0.55;
const SUPPORT = 2;
// A group read this surely keeps its reading; a look-alike reading must be this much nearer.
const CONFIDENT = 90;
const MARGIN = 0.03;

interface Look {
  w: number;
  v: Float32Array;
}

/** The group's ink, its box tightened to the ink, at height H, zero-mean and unit length. */
const tightOf = (grey: Uint8Array, width: number, height: number, b: OcrBox): OcrBox | null => {
  let x0 = Infinity,
    x1 = -1,
    y0 = Infinity,
    y1 = -1;
  for (let y = Math.max(0, b.y0); y < Math.min(height, b.y1); y++)
    for (let x = Math.max(0, b.x0); x < Math.min(width, b.x1); x++)
      if (grey[y * width + x]! < INK) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  return x1 < 0 || y1 - y0 < 3 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
};

/** The group's ink at height H, its width scaled by the card's `k` (pixels of look per pixel). */
const lookOf = (grey: Uint8Array, width: number, height: number, t: OcrBox, k: number): Look => {
  const { x0, y0 } = t,
    sh = t.y1 - y0,
    sw = t.x1 - x0,
    w = Math.max(2, Math.round(sw * k));
  const v = new Float32Array(w * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < w; x++) {
      const sx = x0 + ((x + 0.5) * sw) / w - 0.5,
        sy = y0 + ((y + 0.5) * sh) / H - 0.5;
      const ix = Math.max(0, Math.min(width - 2, Math.floor(sx))),
        iy = Math.max(0, Math.min(height - 2, Math.floor(sy)));
      const fx = Math.max(0, Math.min(1, sx - ix)),
        fy = Math.max(0, Math.min(1, sy - iy));
      const i = iy * width + ix;
      v[y * w + x] = (grey[i]! * (1 - fx) + grey[i + 1]! * fx) * (1 - fy) + (grey[i + width]! * (1 - fx) + grey[i + width + 1]! * fx) * fy;
    }
  return { w, v: unit(v) };
};

const unit = (v: Float32Array): Float32Array => {
  let m = 0;
  for (const x of v) m += x;
  m /= v.length;
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    v[i] = v[i]! - m;
    n += v[i]! * v[i]!;
  }
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / n;
  return v;
};

// Looks are compared shifted by up to this many columns either way, widths differing at most by this.
const SHIFT = 2;
const WIDTHS = 3;

/** The best correlation of two looks shifted against each other (both on a canvas of paper). */
const alike = (a: Look, b: Look): number => {
  if (Math.abs(a.w - b.w) > WIDTHS) return 0;
  const W = Math.max(a.w, b.w) + 2 * SHIFT;
  const canvas = (l: Look, dx: number) => {
    const c = new Float32Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < l.w; x++) c[y * W + x + SHIFT + dx] = l.v[y * l.w + x]!;
    return unit(c);
  };
  const ca = canvas(a, 0);
  let best = -1;
  for (let dx = -SHIFT; dx <= SHIFT; dx++) {
    const cb = canvas(b, dx);
    let c = 0;
    for (let i = 0; i < ca.length; i++) c += ca[i]! * cb[i]!;
    best = Math.max(best, c);
  }
  return best;
};

/**
 * For each group, the reading its look-alikes agree on when that differs from its own (null
 * otherwise). `grey` is the straight picture's ink grey.
 */
export const readAlike = (groups: PrintedGroup[], grey: Uint8Array, width: number, height: number): (string | null)[] => {
  const tight = groups.map((g) => tightOf(grey, width, height, g.box));
  const hs = tight.flatMap((t) => (t ? [t.y1 - t.y0] : [])).sort((a, b) => a - b);
  if (!hs.length) return groups.map(() => null);
  const k = H / hs[Math.floor(hs.length / 2)]!;
  const looks = tight.map((t) => (t ? lookOf(grey, width, height, t, k) : null));
  return groups.map((g, i) => {
    const mine = looks[i];
    if (!mine) return null;
    if (g.confidence >= CONFIDENT) return null;
    // Per reading: the weight of the look-alikes read so, how many, and the nearest of them.
    const votes = new Map<string, { weight: number; count: number; nearest: number }>();
    const vote = (t: string, weight: number, c: number) => {
      const v = votes.get(t) ?? { weight: 0, count: 0, nearest: 0 };
      votes.set(t, { weight: v.weight + weight, count: v.count + 1, nearest: Math.max(v.nearest, c) });
    };
    vote(g.tokens, Math.max(0.05, g.confidence / 100), 0);
    for (const [j, other] of groups.entries()) {
      const look = looks[j];
      if (j === i || !look) continue;
      const c = alike(mine, look);
      if (c >= ALIKE) vote(other.tokens, Math.max(0.05, other.confidence / 100) * c, c);
    }
    const total = [...votes.values()].reduce((a, v) => a + v.weight, 0);
    const [best, v] = [...votes.entries()].sort((a, b) => b[1].weight - a[1].weight)[0]!;
    // Its own reading's nearest copy must be clearly further than the look-alikes' reading's:
    // E and F, 6 and 8 differ by a stroke, and a card that prints both is told by the nearer.
    const own = votes.get(g.tokens)!.nearest;
    return best !== g.tokens && v.count >= SUPPORT && v.weight >= SHARE * total && v.nearest >= own + MARGIN ? best : null;
  });
};
