/**
 * The card as a straight, upright picture: the paper's quadrilateral mapped to a rectangle (a
 * photo's tilt and perspective undone), then turned by the residual skew of its text rows.
 * `toPicture` takes a point of the straight picture back to the photo, so every line read keeps
 * its place in the picture the player took.
 */
import { makeFrame, sample, type Frame } from '../image';
import { apply, homography, type Point } from './homography';
import { findPaper } from './paper';
import { inkGrey } from './ink';

export interface Straight {
  frame: Frame;
  /** the photo as taken (a second look enlarges a strip from it, not from the straight picture) */
  source: Frame;
  grey: Uint8Array;
  toPicture: (x: number, y: number) => Point;
}

// Tesseract reads best with capitals some 30-40 px tall: a card's long side at this many pixels
// puts a printed card's rows there, whether the card filled the photo or not.
const LONG_SIDE = 2000;

const resample = (f: Frame, w: number, h: number, map: (x: number, y: number) => Point): Frame => {
  const out = makeFrame(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [sx, sy] = map(x + 0.5, y + 0.5);
      const j = (y * w + x) * 4;
      if (sx < 0 || sy < 0 || sx > f.width - 1 || sy > f.height - 1) {
        out.data.fill(255, j, j + 4);
        continue;
      }
      for (let c = 0; c < 3; c++) out.data[j + c] = sample(f, sx - 0.5, sy - 0.5, c);
      out.data[j + 3] = 255;
    }
  return out;
};

/** The angle (degrees) that makes the text rows of a grey picture horizontal: the turn whose row
 *  profile of ink is sharpest (sum of squared row counts), searched within +-4 degrees. */
export const rowSkew = (grey: Uint8Array, w: number, h: number): number => {
  const step = Math.max(1, Math.round(Math.max(w, h) / 700));
  const ink: Point[] = [];
  for (let y = 0; y < h; y += step) for (let x = 0; x < w; x += step) if (grey[y * w + x]! < 110) ink.push([x, y]);
  if (ink.length < 50) return 0;
  let best = 0,
    bestScore = -1;
  const rows = new Float64Array(Math.ceil((h + w) / step) + 4);
  for (let a = -4; a <= 4.001; a += 0.1) {
    const t = Math.tan((a * Math.PI) / 180);
    rows.fill(0);
    for (const [x, y] of ink) {
      const r = Math.round((y - x * t) / step + w / step);
      if (r >= 0 && r < rows.length) rows[r]!++;
    }
    let score = 0;
    for (const c of rows) score += c * c;
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
};

export const straighten = (f: Frame): Straight => {
  const quad = findPaper(f);
  const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  let w = f.width,
    h = f.height;
  let base = (x: number, y: number): Point => [x, y];
  if (quad) {
    w = Math.round(Math.max(dist(quad[0], quad[1]), dist(quad[3], quad[2])));
    h = Math.round(Math.max(dist(quad[0], quad[3]), dist(quad[1], quad[2])));
    const hm = homography(
      [
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ],
      quad,
    );
    base = (x, y) => apply(hm, x, y);
  }
  const k = LONG_SIDE / Math.max(w, h);
  const W = Math.round(w * k),
    H = Math.round(h * k);
  const scaled = (x: number, y: number) => base(x / k, y / k);
  let frame = resample(f, W, H, scaled);
  let grey = inkGrey(frame);
  const skew = rowSkew(grey, W, H);
  let toPicture = scaled;
  if (Math.abs(skew) >= 0.15) {
    const c = Math.cos((skew * Math.PI) / 180),
      s = Math.sin((skew * Math.PI) / 180),
      cx = W / 2,
      cy = H / 2;
    // A point of the turned picture, turned back about the centre, then into the photo.
    toPicture = (x, y) => scaled(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c);
    frame = resample(f, W, H, toPicture);
    grey = inkGrey(frame);
  }
  return { frame, grey, toPicture, source: f };
};
