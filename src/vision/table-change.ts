/**
 * What changed on the table between two frames: the cloth and the tiles already there did not
 * move, only the camera may have been bumped. The frames are compared small (a face a dozen or two
 * pixels across): the table's shift between them by a search for the shift under which they differ
 * least, then, for a box in the frame after, how unlike anything near its place in the frame before
 * its picture is (a tile just laid on cloth is unlike the cloth; a tile nudged, or one the
 * finder missed before, is found again a little way off), and how large the patch of change under
 * it is (a hand and its shadow change far more than one tile's place).
 */
import { shrink, type Frame } from './image';
import type { NewDiscardTuning } from './finder-tuning';

type Box = readonly [number, number, number, number];

/** Both frames small, and the table's shift between them (in small pixels: after + shift = before). */
export interface TableChange {
  before: Frame;
  after: Frame;
  /** frame pixels per small pixel */
  k: number;
  dx: number;
  dy: number;
  /** each small pixel's changed patch (0: unchanged), and each patch's size in small pixels */
  patch: Int32Array;
  sizes: number[];
}

const at = (f: Frame, x: number, y: number, c: number) => {
  const xi = x < 0 ? 0 : x >= f.width ? f.width - 1 : x | 0,
    yi = y < 0 ? 0 : y >= f.height ? f.height - 1 : y | 0;
  return f.data[(yi * f.width + xi) * 4 + c]!;
};

/** A frame's grey plane. */
const greyOf = (f: Frame): Float32Array => {
  const g = new Float32Array(f.width * f.height);
  for (let i = 0; i < g.length; i++) g[i] = (f.data[i * 4]! + f.data[i * 4 + 1]! + f.data[i * 4 + 2]!) / 3;
  return g;
};

/** The shift within `reach` of `from` (whole pixels) under which plane b differs least from plane a,
 *  each pixel's difference capped so a hand or the new tile weighs little. */
const bestShift = (
  a: Float32Array,
  b: Float32Array,
  w: number,
  h: number,
  from: [number, number],
  reach: number,
  cap: number,
): [number, number] => {
  const m = reach + Math.max(Math.abs(from[0]), Math.abs(from[1]));
  let best = from,
    least = Infinity;
  for (let dy = from[1] - reach; dy <= from[1] + reach; dy++)
    for (let dx = from[0] - reach; dx <= from[0] + reach; dx++) {
      let d = 0;
      for (let y = m; y < h - m; y++)
        for (let i = y * w + m, j = (y + dy) * w + m + dx, end = y * w + w - m; i < end; i++, j++)
          d += Math.min(cap, Math.abs(a[i]! - b[j]!));
      if (d < least) [least, best] = [d, [dx, dy]];
    }
  return best;
};

/** The table's shift (small pixels; after + shift = before): looked for within `reach` of the width
 *  on a copy four times smaller, then to the pixel. */
const shiftOf = (before: Frame, after: Frame, t: NewDiscardTuning): [number, number] => {
  const a4 = shrink(after, Math.max(after.width, after.height) / 4).frame,
    b4 = shrink(before, Math.max(after.width, after.height) / 4).frame;
  const q = after.width / a4.width;
  const [cx, cy] = bestShift(greyOf(a4), greyOf(b4), a4.width, a4.height, [0, 0], Math.max(1, Math.round(a4.width * t.reach)), t.cap);
  return bestShift(greyOf(after), greyOf(before), after.width, after.height, [Math.round(cx * q), Math.round(cy * q)], Math.ceil(q), t.cap);
};

/** The two frames compared: shrunk so the longer side is at most `t.small` pixels, and aligned;
 *  `side`: a face's short side in the frame (changes closer than `t.join` of it are one patch). */
export const tableChange = (before: Frame, after: Frame, side: number, t: NewDiscardTuning): TableChange => {
  const a = shrink(after, t.small),
    b = shrink(before, t.small);
  const [dx, dy] = shiftOf(b.frame, a.frame, t);
  return {
    before: b.frame,
    after: a.frame,
    k: a.scale,
    dx,
    dy,
    ...patchesOf(a.frame, b.frame, dx, dy, Math.round((side * t.join) / a.scale), t),
  };
};

/** The mask grown by r pixels each way (a square's reach), so changes that near one another touch. */
const grow = (m: Uint8Array, w: number, h: number, r: number): Uint8Array => {
  if (r < 1) return m;
  const across = new Uint8Array(w * h),
    out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0, last = -Infinity; x < w + r; x++) {
      if (x < w && m[y * w + x]) last = x;
      const at = x - r;
      if (at >= 0 && at < w && x - last <= 2 * r) across[y * w + at] = 1;
    }
  for (let x = 0; x < w; x++)
    for (let y = 0, last = -Infinity; y < h + r; y++) {
      if (y < h && across[y * w + x]) last = y;
      const at = y - r;
      if (at >= 0 && at < h && y - last <= 2 * r) out[at * w + x] = 1;
    }
  return out;
};

/** The changed patches: pixels whose brightness differs by more than `t.cap` from every pixel within
 *  `t.slack` of their place before, joined where they lie within `join` pixels of one another. */
const patchesOf = (after: Frame, before: Frame, dx: number, dy: number, join: number, t: NewDiscardTuning) => {
  const { width: w, height: h } = after,
    a = greyOf(after),
    b = greyOf(before);
  let changed: Uint8Array = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let least = Infinity;
      for (let oy = -t.slack; oy <= t.slack; oy++)
        for (let ox = -t.slack; ox <= t.slack; ox++) {
          const bx = Math.min(w - 1, Math.max(0, x + dx + ox)),
            by = Math.min(h - 1, Math.max(0, y + dy + oy));
          least = Math.min(least, Math.abs(a[y * w + x]! - b[by * w + bx]!));
        }
      changed[y * w + x] = least > t.cap ? 1 : 0;
    }
  changed = grow(changed, w, h, join);
  const patch = new Int32Array(w * h),
    sizes = [0],
    stack: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!changed[i] || patch[i]) continue;
    const id = sizes.length;
    let n = 0;
    patch[i] = id;
    stack.push(i);
    while (stack.length) {
      const j = stack.pop()!;
      n++;
      const x = j % w,
        y = (j - x) / w;
      for (const q of [x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1, y > 0 ? j - w : -1, y < h - 1 ? j + w : -1])
        if (q >= 0 && changed[q] && !patch[q]) {
          patch[q] = id;
          stack.push(q);
        }
    }
    sizes.push(n);
  }
  return { patch, sizes };
};

/** How large (in the box's areas) the largest changed patch under a box's middle is: a tile laid
 *  on the cloth changes about its own place and its side and shadow, a hand and its shadow many
 *  tiles' worth. */
export const patchUnder = (c: TableChange, box: Box, t: NewDiscardTuning): number => {
  let most = 0;
  for (const [x, y] of gridOf(c, box, t)) {
    const xi = Math.min(c.after.width - 1, Math.max(0, Math.round(x))),
      yi = Math.min(c.after.height - 1, Math.max(0, Math.round(y)));
    most = Math.max(most, c.sizes[c.patch[yi * c.after.width + xi]!]!);
  }
  return (most * c.k * c.k) / (box[2] * box[3]);
};

/** Points on a grid across a box's middle (`inset` of its side clear of each edge), small pixels. */
const gridOf = (c: TableChange, box: Box, t: NewDiscardTuning) => {
  const pts: [number, number][] = [];
  for (let u = 0; u < t.grid; u++)
    for (let v = 0; v < t.grid; v++)
      pts.push([
        (box[0] + box[2] * (t.inset + ((1 - 2 * t.inset) * u) / (t.grid - 1))) / c.k,
        (box[1] + box[3] * (t.inset + ((1 - 2 * t.inset) * v) / (t.grid - 1))) / c.k,
      ]);
  return pts;
};

/** A frame's colour at (x, y), between its pixels. */
const colourAt = (f: Frame, x: number, y: number, c: number) => {
  const x0 = Math.floor(x),
    y0 = Math.floor(y),
    fx = x - x0,
    fy = y - y0;
  return (
    (at(f, x0, y0, c) * (1 - fx) + at(f, x0 + 1, y0, c) * fx) * (1 - fy) +
    (at(f, x0, y0 + 1, c) * (1 - fx) + at(f, x0 + 1, y0 + 1, c) * fx) * fy
  );
};

/** How unlike anything within `t.search` of its short side of its place before a box's picture is:
 *  the least mean colour difference (0..255) over those offsets (whole small pixels, then to the
 *  half pixel round the best), the frame before's light scaled by the gain that fits best (a hand's
 *  shadow dims a tile, it does not make it new). */
export const novelty = (c: TableChange, box: Box, t: NewDiscardTuning): number => {
  const pts = gridOf(c, box, t);
  const A = pts.map(([x, y]) => [colourAt(c.after, x, y, 0), colourAt(c.after, x, y, 1), colourAt(c.after, x, y, 2)]);
  const B = pts.map(() => [0, 0, 0]);
  const differ = (ox: number, oy: number) => {
    let ab = 0,
      bb = 0;
    pts.forEach(([x, y], i) => {
      for (let ch = 0; ch < 3; ch++) {
        const v = colourAt(c.before, x + c.dx + ox, y + c.dy + oy, ch);
        B[i]![ch] = v;
        ab += A[i]![ch]! * v;
        bb += v * v;
      }
    });
    const g = Math.min(t.gain[1], Math.max(t.gain[0], bb > 0 ? ab / bb : 1));
    let d = 0;
    A.forEach((a, i) => {
      for (let ch = 0; ch < 3; ch++) d += Math.abs(a[ch]! - g * B[i]![ch]!);
    });
    return d / (3 * pts.length);
  };
  const reach = Math.max(1, Math.round((Math.min(box[2], box[3]) * t.search) / c.k));
  let least = Infinity,
    best = [0, 0];
  for (let oy = -reach; oy <= reach; oy++)
    for (let ox = -reach; ox <= reach; ox++) {
      const d = differ(ox, oy);
      if (d < least) [least, best] = [d, [ox, oy]];
    }
  for (const [hx, hy] of [
    [-0.5, 0],
    [0.5, 0],
    [0, -0.5],
    [0, 0.5],
    [-0.5, -0.5],
    [0.5, 0.5],
    [-0.5, 0.5],
    [0.5, -0.5],
  ] as const)
    least = Math.min(least, differ(best[0]! + hx, best[1]! + hy));
  return least;
};
