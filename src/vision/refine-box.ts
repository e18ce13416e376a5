/**
 * A face's box among neighbours put on the face's own edges. The face finder judges paleness
 * coarsely against the brightest paper nearby, so its box can take in the tile's own near side (as
 * pale as a face in shadow) or stop short of a face's shaded edge, and the reader misreads a box a
 * few pixels off. Round the box, on a straightened copy at about the frame's resolution, the face
 * is the block as pale as its own paper (its art filled in) that holds the box's centre, parted
 * from its side and its neighbours by the rim every face's bevel leaves. A box holding only part of
 * its face (cut at a stroke of the art) is given the whole face's box too.
 */
import { luminance, type Frame } from './image';
import type { FacePose } from './locate';
import { straighten } from './embedding-input';

/** Looked at this far round the box (a share of its size each way). */
const MARGIN = 0.2;
/** Pale: at least this share of the face's own paper (a face's edge in its own shade is still face). */
const PALE = 0.7;
/** A rim: darker by this share of the paper than the samples this far either side of it. */
const DIP = 0.06,
  REACH = [2, 3];
/** A line holds the face when the block covers this share of the face's middle across it. */
const COVER = 0.5;
/** The rim itself is face: each side goes this share of the box's size beyond the paper's block. */
const RIM = 0.02;
/** How far a side may move (a share of the box's size across it): further, it is not the same
 *  face's edge (the block leaked past a broken rim, or stopped at a frame drawn on the face). */
const MOVE = 0.16;
/** A side further in than MOVE is moved MOVE in when the opposite side is in by less than this. */
const ONE_SIDE = 0.04;
/** At most this many samples across the larger side of the region looked at. */
const MAX_SIDE = 160;
/** A tile face's width to its height, and the range of it a face seen at a slant keeps. */
const FACE_RATIO = 0.75,
  SHAPE = [0.5, 0.95];

/** Working space kept between calls: the rows' pass's output, and a mask copied onto whole words. */
let rowSpace = new Uint8Array(0),
  wordSpace = new Uint8Array(0);
const space = (which: 'rows' | 'words', n: number) => {
  if (which === 'rows') return (rowSpace.length >= n ? rowSpace : (rowSpace = new Uint8Array(n))).subarray(0, n);
  return (wordSpace.length >= n ? wordSpace : (wordSpace = new Uint8Array(n))).subarray(0, n);
};

export const morph = (src: Uint8Array, w: number, h: number, grow: boolean, r: number): Uint8Array => {
  // Separable square min/max filter of radius r; outside the frame counts as empty when growing,
  // as full when shrinking. The mask is 0s and 1s, so a window's maximum is the OR of its pixels
  // and its minimum their AND, four pixels a word (bytes in a word: the first lowest, as on every
  // little-endian machine the app runs on). Rows that do not fill whole words are copied onto
  // them, the rest of the last word outside the frame (empty or full as above: as many pixels of
  // outside as the frame needs).
  const W = (w + 3) >> 2,
    n = W * 4 * h,
    dst = new Uint8Array(w * h);
  let from = src;
  if (w % 4 || src.byteOffset % 4) {
    from = space('words', n).fill(grow ? 0 : 1);
    for (let y = 0; y < h; y++) from.set(src.subarray(y * w, y * w + w), y * W * 4);
  }
  const tmp = space('rows', n),
    t = new Uint32Array(tmp.buffer, 0, W * h);
  rowsByWords(new Uint32Array(from.buffer, from.byteOffset, W * h), t, W, h, grow, r);
  if (W * 4 === w) columns(t, new Uint32Array(dst.buffer), W, h, grow, r);
  else {
    const out = space('words', n);
    columns(t, new Uint32Array(out.buffer, 0, W * h), W, h, grow, r);
    for (let y = 0; y < h; y++) dst.set(out.subarray(y * W * 4, y * W * 4 + w), y * w);
  }
  return dst;
};

/** Down the columns: each row of the result the OR (AND) of the rows within r of it (the rows
 *  outside the frame change neither), a word (four pixels) at a time. */
const columns = (t: Uint32Array, d: Uint32Array, W: number, h: number, grow: boolean, r: number) => {
  for (let y = 0; y < h; y++) {
    const lo = Math.max(0, y - r) * W,
      hi = Math.min(h - 1, y + r) * W,
      out = y * W;
    if (grow)
      for (let x = 0; x < W; x++) {
        let v = t[lo + x]!;
        for (let a = lo + W + x; a <= hi + x; a += W) v |= t[a]!;
        d[out + x] = v;
      }
    else
      for (let x = 0; x < W; x++) {
        let v = t[lo + x]!;
        for (let a = lo + W + x; a <= hi + x; a += W) v &= t[a]!;
        d[out + x] = v;
      }
  }
};

/** Along each row, four pixels (bytes, the first lowest) a word: each pixel with its left and right
 *  neighbours (the bytes shifted one place, across the words' ends), r times over (a window of
 *  radius r is radius 1 taken r times, at the frame's ends too). */
const rowsByWords = (src: Uint32Array, dst: Uint32Array, W: number, h: number, grow: boolean, r: number) => {
  const edge = grow ? 0 : 0x01010101;
  let from = src;
  for (let pass = 0; pass < r; pass++, from = dst)
    for (let y = 0; y < h; y++) {
      const a = y * W;
      let prev = edge,
        cur = from[a]!;
      for (let x = 0; x < W; x++) {
        const next = x + 1 < W ? from[a + x + 1]! : edge;
        const left = (cur << 8) | (prev >>> 24),
          right = (cur >>> 8) | (next << 24);
        dst[a + x] = grow ? cur | left | right : cur & left & right;
        prev = cur;
        cur = next;
      }
    }
};

/** fillHoles' stack, kept between calls. */
let holeStack = new Int32Array(0);
const holeStackOf = (n: number) => (holeStack.length >= n ? holeStack : (holeStack = new Int32Array(n)));

/** Holes (the art) inside pale blocks filled: what the border cannot reach through non-pale pixels.
 *  Filled a run of a row at a time: each run seeds the runs it touches in the rows above and
 *  below once each (seeding every pixel's four neighbours was three times slower on a frame). */
export const fillHoles = (m: Uint8Array, w: number, h: number): Uint8Array => {
  // A run's pixels are pushed at most once from each of its two neighbouring rows' runs, the
  // border's once more: the stack never holds more than that.
  const out = new Uint8Array(w * h).fill(1),
    stack = holeStackOf(2 * w * h + 2 * (w + h));
  let top = 0;
  for (let x = 0; x < w; x++) {
    stack[top++] = x;
    stack[top++] = (h - 1) * w + x;
  }
  for (let y = 1; y < h - 1; y++) {
    stack[top++] = y * w;
    stack[top++] = y * w + w - 1;
  }
  while (top) {
    const p = stack[--top]!;
    if (m[p] || !out[p]) continue;
    const row = p - (p % w);
    let l = p,
      r = p;
    while (l > row && !m[l - 1] && out[l - 1]) l--;
    while (r < row + w - 1 && !m[r + 1] && out[r + 1]) r++;
    out.fill(0, l, r + 1);
    for (let q = l - w; q <= l + w; q += 2 * w) {
      // the runs touching this one above and below
      if (q < 0 || q >= w * h) continue;
      for (let i = q, end = q + (r - l); i <= end; i++) if (!m[i] && out[i] && (i === q || m[i - 1] || !out[i - 1])) stack[top++] = i;
    }
  }
  return out;
};

/** blockAt's stack, kept between calls (a grid's worth each time cost half the fill). */
let stackSpace = new Int32Array(0);
const stackOf = (n: number) => (stackSpace.length >= n ? stackSpace : (stackSpace = new Int32Array(n)));

/** The block of the mask (joined side to side) holding pixel `seed`, or null when the seed is
 *  not in the mask: only the face's own block is wanted, not every block's labels. */
const blockAt = (m: Uint8Array, w: number, h: number, seed: number): Uint8Array | null => {
  if (!m[seed]) return null;
  const block = new Uint8Array(w * h),
    stack = stackOf(w * h);
  let top = 0;
  block[seed] = 1;
  stack[top++] = seed;
  while (top) {
    const p = stack[--top]!,
      x = p % w;
    if (x > 0 && m[p - 1] && !block[p - 1]) {
      block[p - 1] = 1;
      stack[top++] = p - 1;
    }
    if (x < w - 1 && m[p + 1] && !block[p + 1]) {
      block[p + 1] = 1;
      stack[top++] = p + 1;
    }
    if (p >= w && m[p - w] && !block[p - w]) {
      block[p - w] = 1;
      stack[top++] = p - w;
    }
    if (p < w * (h - 1) && m[p + w] && !block[p + w]) {
      block[p + w] = 1;
      stack[top++] = p + w;
    }
  }
  return block;
};

/** The brightest tenth's bound of the luminance in a rectangle of the grid (columns x0..x1, rows
 *  y0..y1, ends excluded): the value at 90% of the rectangle's samples sorted, found by counting
 *  them by whole levels and sorting only the level it falls in (sorting them all was a tenth of
 *  refining). */
export const tenthFromTop = (lum: Float32Array, gw: number, x0: number, y0: number, x1: number, y1: number): number => {
  const count = new Int32Array(257),
    n = (x1 - x0) * (y1 - y0),
    at = Math.floor(n * 0.9);
  for (let y = y0; y < y1; y++) for (let i = y * gw + x0, end = y * gw + x1; i < end; i++) count[lum[i]! | 0]!++;
  let level = 0,
    below = 0;
  while (below + count[level]! <= at) below += count[level++]!;
  const same = new Float32Array(count[level]!);
  for (let y = y0, k = 0; y < y1; y++)
    for (let i = y * gw + x0, end = y * gw + x1; i < end; i++) if ((lum[i]! | 0) === level) same[k++] = lum[i]!;
  return same.sort()[at - below]!;
};

/** Samples as pale as `bar`, weakly coloured, and on no line darker by `dip` than the samples
 *  REACH either side of it (a rim, a seam: it parts two blocks even where it is still pale, and a
 *  face in shadow has a rim hardly darker than its lit side). Samples beyond the grid's edge are
 *  the edge's. This loop is most of refining: the rows compared with are found once a row, the
 *  columns clamped only near the grid's sides. */
export const paleOffLines = (img: Frame, lum: Float32Array, gw: number, gh: number, bar: number, dip: number): Uint8Array => {
  const mask = new Uint8Array(gw * gh),
    data = img.data,
    [n1, n2] = REACH as [number, number];
  for (let y = 0; y < gh; y++) {
    const row = y * gw;
    const up1 = Math.max(0, y - n1) * gw,
      down1 = Math.min(gh - 1, y + n1) * gw,
      up2 = Math.max(0, y - n2) * gw,
      down2 = Math.min(gh - 1, y + n2) * gw;
    for (let x = 0; x < gw; x++) {
      const i = row + x,
        l = lum[i]!;
      if (l < bar) continue;
      const r = data[i * 4]!,
        g = data[i * 4 + 1]!,
        b = data[i * 4 + 2]!;
      const mx = r > g ? (r > b ? r : b) : g > b ? g : b,
        mn = r < g ? (r < b ? r : b) : g < b ? g : b;
      if (mx - mn >= 0.35 * mx) continue;
      const a = lum[up1 + x]!,
        c = lum[down1 + x]!;
      if (l < (a < c ? a : c) - dip) continue;
      const e = lum[row + (x >= n1 ? x - n1 : 0)]!,
        f = lum[row + (x + n1 < gw ? x + n1 : gw - 1)]!;
      if (l < (e < f ? e : f) - dip) continue;
      const a2 = lum[up2 + x]!,
        c2 = lum[down2 + x]!;
      if (l < (a2 < c2 ? a2 : c2) - dip) continue;
      const e2 = lum[row + (x >= n2 ? x - n2 : 0)]!,
        f2 = lum[row + (x + n2 < gw ? x + n2 : gw - 1)]!;
      if (l < (e2 < f2 ? e2 : f2) - dip) continue;
      mask[i] = 1;
    }
  }
  return mask;
};

/** The face's block round the box: where its sides lie (0..1 of the box's width and height, the
 *  rim included), and which of them the block ran on past, out of the region looked at. The region
 *  reaches `m` (left, top, right, bottom: shares of the box's size) beyond each side. */
const faceBlock = (frame: Frame, pose: FacePose, m: readonly [number, number, number, number]) => {
  const [ml, mt, mr, mb] = m,
    su = 1 + ml + mr,
    sv = 1 + mt + mb;
  const k = Math.min(1, MAX_SIDE / Math.max(pose.width * su, pose.height * sv));
  const gw = Math.max(8, Math.round(pose.width * su * k)),
    gh = Math.max(8, Math.round(pose.height * sv * k));
  const img = straighten(frame, pose, gw, gh, -ml, -mt, 1 + mr, 1 + mb);
  const lum = luminance(img);
  // Grid index of a place on the face (0..1 of its width or height), and back.
  const col = (u: number) => Math.round(((u + ml) / su) * gw),
    row = (v: number) => Math.round(((v + mt) / sv) * gh);
  const u = (i: number) => (i / gw) * su - ml,
    v = (i: number) => (i / gh) * sv - mt;
  // The face's own paper: the brightest tenth of its middle.
  const [iy0, iy1, ix0, ix1] = [row(0.25), row(0.75), col(0.25), col(0.75)];
  if (iy1 <= iy0 || ix1 <= ix0) return null;
  const paper = tenthFromTop(lum, gw, ix0, iy0, ix1, iy1),
    dip = DIP * paper;
  const mask = paleOffLines(img, lum, gw, gh, PALE * paper, dip);
  // The art filled in; thin bridges to a neighbour (a gap in the rim) broken, then grown back.
  const block = blockAt(morph(fillHoles(mask, gw, gh), gw, gh, false, 1), gw, gh, row(0.5) * gw + col(0.5));
  if (!block) return null;
  const face = morph(block, gw, gh, true, 1);
  // Each side: the outermost line whose middle the block covers.
  const rows = new Float32Array(gh),
    cols = new Float32Array(gw);
  const [x0, x1, y0, y1] = [col(0.2), col(0.8), row(0.2), row(0.8)];
  const inCols = new Int32Array(gw); // each column's count, summed row by row (in the order kept in memory)
  for (let y = 0; y < gh; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) n += face[y * gw + x]!;
    rows[y] = n / (x1 - x0);
  }
  for (let y = y0; y < y1; y++) for (let x = 0, i = y * gw; x < gw; x++, i++) inCols[x] += face[i]!;
  for (let x = 0; x < gw; x++) cols[x] = inCols[x]! / (y1 - y0);
  const first = (a: Float32Array) => a.findIndex((c) => c >= COVER),
    last = (a: Float32Array) => a.findLastIndex((c) => c >= COVER);
  const [c0, c1, r0, r1] = [first(cols), last(cols), first(rows), last(rows)];
  if (c0 < 0 || r0 < 0) return null;
  return {
    sides: [u(c0) - RIM, v(r0) - RIM, u(c1 + 1) + RIM, v(r1 + 1) + RIM] as const,
    beyond: [c0 <= 1, r0 <= 1, c1 >= gw - 2, r1 >= gh - 2] as const,
  };
};

/** The box through these sides (0..1 of the pose's width and height). */
const boxThrough = (pose: FacePose, [u0, v0, u1, v1]: readonly number[]): FacePose => {
  const du = ((u0! + u1!) / 2 - 0.5) * pose.width,
    dv = ((v0! + v1!) / 2 - 0.5) * pose.height,
    c = Math.cos(pose.angle),
    s = Math.sin(pose.angle);
  return {
    ...pose,
    cx: pose.cx + du * c - dv * s,
    cy: pose.cy + du * s + dv * c,
    width: (u1! - u0!) * pose.width,
    height: (v1! - v0!) * pose.height,
  };
};
/** Wider than tall, a box is the face lying the other way: its upright axis a quarter turn round. */
const upright = (p: FacePose): FacePose =>
  p.width > p.height ? { ...p, angle: p.angle + ((p.angle > 0 ? -1 : 1) * Math.PI) / 2, width: p.height, height: p.width } : p;

/** The box put on its face's edges (each side moved a little at most), and, when `whole` is asked
 *  for and the face runs on well past the box along one axis, the whole face's box too, for the
 *  reader to weigh: a longer move may as well have spilled into a neighbour across a faint seam. */
const refine = (frame: Frame, pose: FacePose, wanted: boolean): { box: FacePose; whole?: FacePose } => {
  const near = faceBlock(frame, pose, [MARGIN, MARGIN, MARGIN, MARGIN]);
  if (!near) return { box: pose };
  // How far each side's block lies inside the box (a share of the box's size; outside, negative).
  const inward = near.sides.map((s, i) => (i < 2 ? s : 1 - s));
  const kept = near.sides.map((s, i) => {
    if (Math.abs(inward[i]!) <= MOVE) return s;
    // Further in on one side only, the box took in the tile's own near side (a fifth of a face
    // lying sideways, more than a side moves at a time): that side goes MOVE in now and the rest
    // the second time. In on both sides, the block stopped at something drawn on the face (the
    // White Dragon's frame), and the box stays.
    return inward[i]! > 0 && inward[(i + 2) % 4]! < ONE_SIDE ? (i < 2 ? MOVE : 1 - MOVE) : i < 2 ? 0 : 1;
  });
  const box = boxThrough(pose, kept);
  const [bl, bt, br, bb] = near.beyond;
  // Short along one axis only: short along both, the block is not this face's alone.
  if (!wanted || (bl || br) === (bt || bb)) return { box };
  // The block runs on past the region: the box holds part of its face only (the face finder cut
  // it at a stroke of its art, or at its shade). Looked at again a face's height further on those
  // sides, the block's sides there are the face's where it stops inside the region.
  const L = Math.max(pose.width, pose.height) / FACE_RATIO;
  const far = faceBlock(
    frame,
    pose,
    near.beyond.map((b, i) => (b ? L / (i % 2 ? pose.height : pose.width) : MARGIN)) as [number, number, number, number],
  );
  if (!far || far.beyond.some((b, i) => b && near.beyond[i])) return { box };
  const whole = upright(
      boxThrough(
        pose,
        kept.map((s, i) => (near.beyond[i] ? far.sides[i]! : s)),
      ),
    ),
    ratio = whole.width / whole.height;
  return ratio >= SHAPE[0] && ratio <= SHAPE[1] ? { box, whole } : { box };
};

/** The box put on its face's edges, and the whole face's box when the box holds part of it. The
 *  box is put on its edges twice, the second time from the first's box: a side moves at most 16%
 *  of the box at a time, and the bars put many a box a quarter or more onto a neighbour. */
export const refineBoxes = (frame: Frame, pose: FacePose): { box: FacePose; whole?: FacePose } => {
  const first = refine(frame, pose, true),
    { box } = first;
  // A box the first time left where it was would be looked at the same way again, and left again.
  if (box.cx === pose.cx && box.cy === pose.cy && box.width === pose.width && box.height === pose.height && box.angle === pose.angle)
    return { ...first };
  return { ...first, box: refine(frame, box, false).box };
};
/** The box alone put on its face's edges. */
export const refineBox = (frame: Frame, pose: FacePose): FacePose => refine(frame, pose, false).box;
