/**
 * Every tile face in a frame of the table: discard rows of touching tiles, some lying sideways,
 * their near sides and shadows showing. A face is a pale, weakly coloured block, brighter than the
 * tile's sides (which face away from the light) and than the felt; its art is filled in as the
 * block round it. Touching faces are parted at the dark rim each face's bevel leaves, and a block
 * holding two or three faces still joined is cut in equal parts by its size against the others.
 */
import { luminance, shrink, type Frame } from './image';
import type { FacePose } from './locate';
import { cutSeams } from './seams';
import { fillHoles, morph } from './mask';

export interface FoundFace {
  pose: FacePose;
  /** touches the frame's edge: part of the face may be outside it */
  cut: boolean;
}

const MAX_SIDE = 640; // finding needs no more pixels than this across
const PALE = 0.7; // a face is at least this share of the nearby paper's brightness (the tiles' sides less)
/** Bars to look for faces under, the usual one first: no one bar suits every frame, so a laxer one
 *  (a face dimmer than its neighbours) and a stricter one (touching faces, or a face and its own lit
 *  side, that the usual bar leaves joined) give other boxes, and the reader keeps the box it reads
 *  most surely. */
export const PALENESS = [PALE, 0.6, 0.8];

/** How weakly coloured each pixel is: PAPER (its colours' spread under 30% of its brightest, what
 *  the paper's level is judged on), FACE (under 40%, what a face may be), both, or neither. Worked
 *  out once for both uses, in one pass. */
const PAPER = 1,
  FACE = 2;
const weakness = (f: Frame): Uint8Array => {
  const n = f.width * f.height,
    data = f.data,
    out = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const r = data[j]!,
      g = data[j + 1]!,
      b = data[j + 2]!;
    const mx = r > g ? (r > b ? r : b) : g > b ? g : b,
      mn = r < g ? (r < b ? r : b) : g < b ? g : b;
    out[i] = (mx - mn < 0.3 * mx ? PAPER : 0) | (mx - mn < 0.4 * mx ? FACE : 0);
  }
  return out;
};

/** The paper's brightness near each pixel, judged per region (for uneven light): each block's 95th
 *  percentile of weakly coloured pixels, then the best of the blocks around it. */
const B = 24;
const paperLevel = (f: Frame, lum: Float32Array, weak: Uint8Array): Float32Array => {
  const { width: w, height: h } = f;
  const bw = Math.ceil(w / B),
    bh = Math.ceil(h / B);
  const own = new Float32Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      for (let y = by * B; y < Math.min(h, by * B + B); y++)
        for (let i = y * w + bx * B, end = y * w + Math.min(w, bx * B + B); i < end; i++)
          if (weak[i]! & PAPER) {
            hist[Math.min(255, lum[i]! | 0)]!++;
            n++;
          }
      let k = 255;
      for (let acc = 0; k > 0 && n > 8; k--) if ((acc += hist[k]!) >= n * 0.05) break;
      own[by * bw + bx] = n > 8 ? k : 0;
    }
  const level = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const yy = by + dy,
            xx = bx + dx;
          if (yy >= 0 && xx >= 0 && yy < bh && xx < bw) m = Math.max(m, own[yy * bw + xx]!);
        }
      level[by * bw + bx] = Math.max(80, m || 255);
    }
  return level;
};

/** Pale, weakly coloured pixels, at least `pale` of the nearby paper's brightness: one mask per bar,
 *  the luminance and the paper's level computed once for them all. */
export const paleMasks = (f: Frame, pales: readonly number[], lum = luminance(f)): Uint8Array[] => {
  const { width: w, height: h } = f;
  const weak = weakness(f),
    level = paperLevel(f, lum, weak),
    bw = Math.ceil(w / B);
  const out = pales.map(() => new Uint8Array(w * h));
  for (let y = 0; y < h; y++) {
    const row = Math.floor(y / B) * bw;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!(weak[i]! & FACE)) continue;
      const l = lum[i]!,
        paper = level[row + Math.floor(x / B)]!;
      for (let k = 0; k < pales.length; k++) if (l > pales[k]! * paper) out[k]![i] = 1;
    }
  }
  return out;
};

/** Pale, weakly coloured pixels, at least PALE of the frame's bright paper (judged per region, for uneven light). */
export const paleMask = (f: Frame, pale = PALE): Uint8Array => paleMasks(f, [pale])[0]!;

/** The blocks' flood fill's stack, kept between calls (allocating a frame's worth each time cost
 *  more than the fill on a floor's frame). */
let stackSpace = new Int32Array(0);
const stackOf = (n: number) => (stackSpace.length >= n ? stackSpace : (stackSpace = new Int32Array(n)));

export interface Blob {
  n: number;
  cx: number;
  cy: number;
  angle: number;
  long: number;
  short: number;
  cut: boolean;
  mxx: number;
  mxy: number;
  myy: number;
  id: number;
  box: [number, number, number, number];
}

/** Connected blocks of the mask with their second moments; `label`, when given, gets each pixel's block id (1-based). */
export const blobs = (m: Uint8Array, w: number, h: number, label = new Int32Array(w * h)): Blob[] => {
  const out: Blob[] = [],
    stack = stackOf(2 * w * h);
  let id = 0,
    top = 0;
  for (let i = 0; i < m.length; i++) {
    if (!m[i] || label[i]) continue;
    id++;
    label[i] = id;
    // Each pixel's column and row kept on the stack, not worked out of its place (a division a
    // pixel, a good part of finding the blocks).
    stack[top++] = i % w;
    stack[top++] = (i - (i % w)) / w;
    let n = 0,
      sx = 0,
      sy = 0,
      sxx = 0,
      syy = 0,
      sxy = 0,
      cut = false,
      x0 = w,
      y0 = h,
      x1 = 0,
      y1 = 0;
    while (top) {
      const y = stack[--top]!,
        x = stack[--top]!,
        p = y * w + x;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (x > x1) x1 = x;
      if (y > y1) y1 = y;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) cut = true;
      if (x > 0 && m[p - 1] && !label[p - 1]) {
        label[p - 1] = id;
        stack[top++] = x - 1;
        stack[top++] = y;
      }
      if (x < w - 1 && m[p + 1] && !label[p + 1]) {
        label[p + 1] = id;
        stack[top++] = x + 1;
        stack[top++] = y;
      }
      if (y > 0 && m[p - w] && !label[p - w]) {
        label[p - w] = id;
        stack[top++] = x;
        stack[top++] = y - 1;
      }
      if (y < h - 1 && m[p + w] && !label[p + w]) {
        label[p + w] = id;
        stack[top++] = x;
        stack[top++] = y + 1;
      }
    }
    const cx = sx / n,
      cy = sy / n;
    const vxx = sxx / n - cx * cx,
      vyy = syy / n - cy * cy,
      vxy = sxy / n - cx * cy;
    const tr = vxx + vyy,
      disc = Math.sqrt(Math.max(0, ((vxx - vyy) / 2) ** 2 + vxy * vxy));
    // Angle of the long axis from the image's vertical, within ±90°.
    let angle = 0.5 * Math.atan2(2 * vxy, vxx - vyy) - Math.PI / 2;
    while (angle < -Math.PI / 2) angle += Math.PI;
    while (angle > Math.PI / 2) angle -= Math.PI;
    out.push({
      n,
      cx: cx + 0.5,
      cy: cy + 0.5,
      angle,
      long: Math.sqrt(12 * (tr / 2 + disc)),
      short: Math.sqrt(12 * Math.max(0, tr / 2 - disc)),
      cut,
      mxx: vxx,
      mxy: vxy,
      myy: vyy,
      id,
      box: [x0, y0, x1, y1],
    });
  }
  return out;
};

/** Math.hypot of two numbers as V8 works it out (each over the larger, squared and summed, the
 *  root times the larger), without the call's cost (a tenth of finding faces). */
const hypot = (x: number, y: number) => {
  const ax = Math.abs(x),
    ay = Math.abs(y),
    m = ax > ay ? ax : ay;
  if (m === 0) return 0;
  const p = ax / m,
    q = ay / m;
  return Math.sqrt(p * p + q * q) * m;
};
/** a % π (JavaScript's remainder, exact), without the remainder's call for the angles met here:
 *  within (-π, 2π) it is a itself or a - π (exact: the two are within a factor of two). */
const modPi = (a: number) => (a >= Math.PI ? (a < 2 * Math.PI ? a - Math.PI : a % Math.PI) : a <= -Math.PI ? a % Math.PI : a);

/** edgeDirections' working space, kept between blocks (three arrays a block cost more than the
 *  blur): a view of the first n numbers of space k. */
const blurSpaces = [new Float32Array(0), new Float32Array(0), new Float32Array(0)];
const blurSpace = (k: number, n: number) =>
  (blurSpaces[k]!.length >= n ? blurSpaces[k]! : (blurSpaces[k] = new Float32Array(2 * n))).subarray(0, n);
let blurSums = new Float64Array(0);
const blurSpace64 = (n: number) => (blurSums.length >= n ? blurSums : (blurSums = new Float64Array(2 * n))).subarray(0, n);

/** The two directions of a block's edges (radians from the image's x axis, within [0, π)): the
 *  strongest two of its outline's gradient directions at least 35° apart. Seen at the table's
 *  angle a face is a parallelogram, not a rectangle: its sides lean while its top and bottom run
 *  along the row, and the principal axes of such a block are neither. */
export const edgeDirections = (
  label: Int32Array,
  { id, box: [bx0, by0, bx1, by1] }: Blob,
  w: number,
  _h: number,
): [number, number] | null => {
  const BINS = 90,
    hist = new Float32Array(BINS);
  // The block's indicator, blurred (a 5x5 box) so that a pixel staircase has the slope of the
  // edge it draws, not the steps' 0° and 90°.
  const P = 4,
    x0 = bx0 - P,
    y0 = by0 - P,
    bw = bx1 - bx0 + 1 + 2 * P,
    bh = by1 - by0 + 1 + 2 * P;
  const n = bw * bh,
    ind = blurSpace(0, n).fill(0),
    tmp = blurSpace(1, n).fill(0),
    blur = blurSpace(2, n).fill(0);
  // The block lies within its bounds (inside the frame), the margin round them empty.
  for (let Y = by0; Y <= by1; Y++)
    for (let X = bx0, i = Y * w + X, o = (Y - y0) * bw + X - x0; X <= bx1; X++, i++, o++) ind[o] = label[i] === id ? 1 : 0;
  // Each 5-wide window's sum kept running (whole numbers along a row; down the columns, sums of
  // fifths stored as 32-bit floats, which a double holds exactly in any order): the same blur
  // as summing each window afresh, to the last bit. The margin's rows stay empty.
  for (let y = P; y < bh - P; y++) {
    const r = y * bw;
    let v = ind[r]! + ind[r + 1]! + ind[r + 2]! + ind[r + 3]! + ind[r + 4]!;
    tmp[r + 2] = v / 5;
    for (let x = 3; x < bw - 2; x++) {
      v += ind[r + x + 2]! - ind[r + x - 3]!;
      tmp[r + x] = v / 5;
    }
  }
  const acc = blurSpace64(bw).fill(0);
  for (let y = 0; y < 5; y++) for (let x = 0, r = y * bw; x < bw; x++) acc[x] += tmp[r + x]!;
  for (let y = 2; y < bh - 2; y++) {
    const r = y * bw;
    for (let x = 0; x < bw; x++) blur[r + x] = acc[x]! / 5;
    if (y + 3 < bh) for (let x = 0, add = r + 3 * bw, drop = r - 2 * bw; x < bw; x++) acc[x] += tmp[add + x]! - tmp[drop + x]!;
  }
  let edges = 0;
  for (let y = 1; y < bh - 1; y++)
    for (let x = 1; x < bw - 1; x++) {
      const u = (y - 1) * bw + x,
        c = u + bw,
        d = c + bw;
      const nw = blur[u - 1]!,
        n = blur[u]!,
        ne = blur[u + 1]!,
        we = blur[c - 1]!,
        ea = blur[c + 1]!,
        sw = blur[d - 1]!,
        so = blur[d]!,
        se = blur[d + 1]!;
      const gx = ne + 2 * ea + se - nw - 2 * we - sw;
      const gy = sw + 2 * so + se - nw - 2 * n - ne;
      if (gx * gx + gy * gy < 0.25) continue;
      const g = hypot(gx, gy);
      if (g < 0.5) continue;
      // The edge runs across its normal.
      const a = modPi(modPi(Math.atan2(gy, gx) + Math.PI / 2) + Math.PI);
      const b = (a / Math.PI) * BINS;
      const b0 = Math.floor(b) % BINS,
        f = b - Math.floor(b);
      hist[b0] += g * (1 - f);
      hist[(b0 + 1) % BINS] += g * f;
      edges++;
    }
  if (edges < 24) return null;
  const smooth = hist.map((_, i) => hist[(i + BINS - 1) % BINS]! + 2 * hist[i]! + hist[(i + 1) % BINS]!);
  let p1 = 0;
  for (let i = 1; i < BINS; i++) if (smooth[i]! > smooth[p1]!) p1 = i;
  let p2 = -1;
  for (let i = 0; i < BINS; i++) {
    const d = Math.min(Math.abs(i - p1), BINS - Math.abs(i - p1));
    if (d * (180 / BINS) >= 35 && (p2 < 0 || smooth[i]! > smooth[p2]!)) p2 = i;
  }
  if (p2 < 0 || smooth[p2]! < smooth[p1]! * 0.15) return null;
  // Each peak's centre, refined by its neighbours (a parabola through the three bins).
  const refine = (i: number) => {
    const l = smooth[(i + BINS - 1) % BINS]!,
      c = smooth[i]!,
      r = smooth[(i + 1) % BINS]!;
    const d = l - 2 * c + r;
    return ((i + (d < 0 ? (0.5 * (l - r)) / d : 0) + 0.5) * Math.PI) / BINS;
  };
  return [refine(p1), refine(p2)];
};

/** A parallelogram's side lengths along two edge directions from its second moments (a filled
 *  parallelogram with sides a·e1, b·e2 has covariance (a²·e1e1ᵀ + b²·e2e2ᵀ) / 12): least squares. */
export const sidesAlong = (b: Blob, e1: number, e2: number): [number, number] => {
  const c1 = Math.cos(e1),
    s1 = Math.sin(e1),
    c2 = Math.cos(e2),
    s2 = Math.sin(e2);
  const rows = [
    [c1 * c1, c2 * c2, 12 * b.mxx],
    [s1 * s1, s2 * s2, 12 * b.myy],
    [c1 * s1, c2 * s2, 12 * b.mxy],
    [c1 * s1, c2 * s2, 12 * b.mxy],
  ];
  let a11 = 0,
    a12 = 0,
    a22 = 0,
    r1 = 0,
    r2 = 0;
  for (const [p, q, r] of rows) {
    a11 += p! * p!;
    a12 += p! * q!;
    a22 += q! * q!;
    r1 += p! * r!;
    r2 += q! * r!;
  }
  const det = a11 * a22 - a12 * a12;
  if (Math.abs(det) < 1e-9) return [0, 0];
  return [Math.sqrt(Math.max(0, (a22 * r1 - a12 * r2) / det)), Math.sqrt(Math.max(0, (a11 * r2 - a12 * r1) / det))];
};

/** A block's two sides, the longer first, each with its direction (radians from the image's x
 *  axis): along its edges `dirs` when they are clear (a parallelogram at the table's angle), else
 *  its principal axes. */
export const sidesOf = (b: Blob, dirs: [number, number] | null): [{ d: number; len: number }, { d: number; len: number }] => {
  const sides = dirs ? sidesAlong(b, dirs[0], dirs[1]) : [0, 0];
  const axes: [{ d: number; len: number }, { d: number; len: number }] =
    dirs && sides[0] > 2 && sides[1] > 2
      ? [
          { d: dirs[0], len: sides[0] },
          { d: dirs[1], len: sides[1] },
        ]
      : [
          { d: b.angle + Math.PI / 2, len: b.long },
          { d: b.angle, len: b.short },
        ];
  return axes[1].len > axes[0].len ? [axes[1], axes[0]] : axes;
};

/** A face's tilt (FacePose.angle, within ±90°) when its upright axis runs along direction `up`. */
export const tiltOf = (up: number): number => {
  let angle = Math.atan2(-Math.cos(up), Math.sin(up));
  while (angle < -Math.PI / 2) angle += Math.PI;
  while (angle > Math.PI / 2) angle -= Math.PI;
  return angle;
};

/** Weakly coloured: paper, a tile's side, not felt or a stroke of coloured art. */
export const weaklyColoured = (d: Frame['data'], j: number): boolean => {
  const r = d[j]!,
    g = d[j + 1]!,
    b = d[j + 2]!,
    mx = Math.max(r, g, b);
  return mx - Math.min(r, g, b) < 0.4 * mx;
};

const ERODE = 2;

/** Every face found in the frame under each paleness bar, in the frame's pixels, nearest the
 *  frame's top-left first: the shrunk copy, its luminance and the paper's level are shared. */
export const findFacesUnder = (full: Frame, pales: readonly number[]): FoundFace[][] => {
  const { frame, scale } = shrink(full, MAX_SIDE);
  const { width: w, height: h } = frame;
  if (w < 16 || h < 16) return pales.map(() => []);
  const lum = luminance(frame);
  return paleMasks(frame, pales, lum).map((m) => facesIn(m, lum, w, h, scale));
};

/** Faces about as pale as the paper at the frame's centre, where the player framed the tile (the
 *  brightest tenth of the weakly coloured pixels in its middle fifth): a face much darker than
 *  its neighbours falls under every bar judged against the brightest paper nearby, and the two
 *  brighter faces either side of it are then about equally near the centre. */
export const findFacesLikeCentre = (full: Frame): FoundFace[] => {
  const { frame, scale } = shrink(full, MAX_SIDE);
  const { width: w, height: h, data } = frame;
  if (w < 16 || h < 16) return [];
  const lum = luminance(frame),
    weak = (j: number) => weaklyColoured(data, j);
  const mid: number[] = [];
  for (let y = Math.round(0.4 * h); y < 0.6 * h; y++)
    for (let x = Math.round(0.4 * w); x < 0.6 * w; x++) if (weak((y * w + x) * 4)) mid.push(lum[y * w + x]!);
  if (mid.length < 16) return [];
  const paper = mid.sort((a, b) => a - b)[Math.floor(mid.length * 0.9)]!;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (lum[i]! > PALENESS[0]! * paper && lum[i]! < paper / PALENESS[0]! && weak(i * 4)) mask[i] = 1;
  return facesIn(mask, lum, w, h, scale);
};

/** Every face found in the frame, in the frame's pixels, nearest the frame's top-left first. */
export const findFaces = (full: Frame, pale = PALE): FoundFace[] => findFacesUnder(full, [pale])[0]!;

const facesIn = (mask: Uint8Array, lum: Float32Array, w: number, h: number, scale: number): FoundFace[] => {
  const filled = fillHoles(morph(morph(mask, w, h, true, 1), w, h, false, 1), w, h);
  // Part touching faces: shrink every block by the width of the rim, find the parts, grow them back.
  const label = new Int32Array(w * h),
    eroded = morph(filled, w, h, false, ERODE);
  let parts = blobs(eroded, w, h, label).filter((b) => b.n >= 40);
  // Faces the rim does not part, parted at the faint seam between them (seams.ts). A block no
  // seam cut is the same block after (seams are cut within their own block): its edges are kept
  // rather than found again (finding them is a third of finding faces).
  let seams = 0;
  const edgesOf = new Map<string, [number, number] | null>(),
    key = (b: Blob) => `${b.n} ${b.box} ${b.cx} ${b.cy} ${b.mxy}`;
  for (const b of parts) {
    const found = edgeDirections(label, b, w, h),
      cuts = cutSeams(eroded, label, b.id, b.box, found ?? [b.angle, b.angle + Math.PI / 2], lum, w, h);
    if (!cuts) edgesOf.set(key(b), found);
    seams += cuts;
  }
  if (seams) parts = blobs(eroded, w, h, label.fill(0)).filter((b) => b.n >= 40);
  // A face's size, judged on whole faces (not a strip a seam cut off: a tile's side, a sliver).
  const whole = parts.filter((b) => !b.cut && b.short > 0.4 * b.long);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const typical = whole.length ? median(whole.map((b) => b.n)) : Math.max(0, ...parts.map((b) => b.n));
  const faces: FoundFace[] = [];
  for (const b of parts) {
    if (b.n < typical * 0.3) continue; // a sliver, a fleck of paper, a face mostly outside the frame
    // Two or three faces still joined, side by side along the block's long axis: cut it. Seen at
    // the table's angle near faces are larger than far ones, so a face's size is judged among the
    // faces at about the same distance (in the same band across the frame) when there are enough.
    const near = whole.filter((o) => Math.abs(o.cy - b.cy) < b.short).map((o) => o.n);
    const size = near.length >= 3 ? median(near) : typical;
    const k = b.cut ? 1 : Math.max(1, Math.min(3, Math.round(b.n / size)));
    const [row, across] = sidesOf(b, edgesOf.has(key(b)) ? edgesOf.get(key(b))! : edgeDirections(label, b, w, h));
    const piece = row.len / k,
      along = [Math.cos(row.d), Math.sin(row.d)] as const;
    for (let i = 0; i < k; i++) {
      const off = (i - (k - 1) / 2) * piece;
      const cx = b.cx + off * along[0],
        cy = b.cy + off * along[1];
      // Each part's own long side is its upright axis: a face is taller than wide when upright.
      const [width, height, up] = piece >= across.len ? [across.len, piece, row.d] : [piece, across.len, across.d];
      const aspect = width / height;
      if (aspect < 0.5 || aspect > 0.98) continue;
      faces.push({
        cut: b.cut,
        pose: {
          cx: cx * scale,
          cy: cy * scale,
          angle: tiltOf(up),
          width: (width + 2 * ERODE) * scale,
          height: (height + 2 * ERODE) * scale,
        },
      });
    }
  }
  return faces.sort((a, b) => a.pose.cy - b.pose.cy || a.pose.cx - b.pose.cx);
};

/** How many pale blocks, each at least a twentieth of the frame, the frame holds once parted at
 *  the rims: more than one is more than one tile (or tiles and paper), whether or not faces were found. */
export const paleBlocks = (full: Frame): number => {
  const { frame } = shrink(full, MAX_SIDE);
  const { width: w, height: h } = frame;
  if (w < 16 || h < 16) return 0;
  const filled = fillHoles(morph(morph(paleMask(frame), w, h, true, 1), w, h, false, 1), w, h);
  return blobs(morph(filled, w, h, false, ERODE), w, h).filter((b) => b.n >= (w * h) / 20).length;
};

/** The face nearest the frame's centre (the one the player framed), or null when there is none or
 *  two are about as near (the player cannot have meant one more than the other). */
export const nearestCentre = (faces: readonly FoundFace[], f: Frame): FoundFace | null => {
  const by = faces.map((x) => ({ x, d: Math.hypot(x.pose.cx - f.width / 2, x.pose.cy - f.height / 2) })).sort((a, b) => a.d - b.d);
  const [first, second] = by;
  if (!first || (second && second.d < first.d * 1.25 + 0.05 * Math.min(f.width, f.height))) return null;
  return first.x;
};

/** A block under this share of a face's usual size (its length, or its area) is a piece of one:
 *  half a face, a neighbour's sliver, the lit part of a face in shadow. The framed tile
 *  (locate-tight.ts) and the whole floor (floor.ts) both judge pieces by it. */
export const PIECE = 0.6;
