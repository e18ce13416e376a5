/**
 * What changed on the table between two frames: the cloth and the tiles already there did not
 * move, only the camera may have been bumped. The frames are compared small (a face a dozen or two
 * pixels across): the table's shift between them by a search for the shift under which they differ
 * least, each block's near it and a plane through those (a bumped camera also turns a little), then, for a box in the frame after, how unlike anything near its place in the frame before
 * its picture is (a tile just laid on cloth is unlike the cloth; a tile nudged, or one the
 * finder missed before, is found again a little way off), and how large the patch of change under
 * it is (a hand and its shadow change far more than one tile's place).
 */
import { shrink, type Frame } from './image';
import type { NewDiscardTuning } from './finder-tuning';

type Box = readonly [number, number, number, number];

/** The table's shift at a place (small pixels; after + shift = before): dx = a[0] + a[1] x + a[2] y,
 *  dy = a[3] + a[4] x + a[5] y. A bumped camera turns and tilts a little as well as shifting, so a
 *  tile at one edge moves a few pixels more than one at the other. */
export type Shift = readonly [number, number, number, number, number, number];

export const shiftAt = (a: Shift, x: number, y: number): [number, number] => [a[0] + a[1] * x + a[2] * y, a[3] + a[4] * x + a[5] * y];

/** Both frames small, and the table's shift between them. */
export interface TableChange {
  before: Frame;
  after: Frame;
  /** frame pixels per small pixel */
  k: number;
  shift: Shift;
  /** each small pixel's changed patch (0: unchanged; changes near one another are one patch), and how
   *  many small pixels of each changed */
  patch: Int32Array;
  sizes: number[];
  /** the rectangle round each patch's changed pixels (small pixels: x0, y0, x1, y1) */
  spans: Span[];
  /** each small pixel: 1 if it changed */
  changed: Uint8Array;
  /** changes this many small pixels apart or nearer are one patch */
  join: number;
}

type Span = [number, number, number, number];

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

/** Within a rectangle [x0, y0, x1, y1) of plane a, the shift within `reach` of `from` (whole pixels)
 *  under which plane b differs least from it, each pixel's difference capped so a hand or the new
 *  tile weighs little; and how much less it differs there than on average over the shifts tried
 *  (little on plain cloth, where every shift looks alike). */
const bestShift = (
  a: Float32Array,
  b: Float32Array,
  w: number,
  h: number,
  from: [number, number],
  reach: number,
  cap: number,
  [x0, y0, x1, y1]: readonly number[] = [0, 0, w, h],
): { shift: [number, number]; sure: number } => {
  const m = reach + Math.max(Math.abs(from[0]), Math.abs(from[1]));
  const xa = Math.max(x0!, m),
    xb = Math.min(x1!, w - m),
    ya = Math.max(y0!, m),
    yb = Math.min(y1!, h - m);
  let best = from,
    least = Infinity,
    sum = 0,
    tries = 0;
  if (xb <= xa || yb <= ya) return { shift: from, sure: 0 };
  for (let dy = from[1] - reach; dy <= from[1] + reach; dy++)
    for (let dx = from[0] - reach; dx <= from[0] + reach; dx++) {
      let d = 0;
      for (let y = ya; y < yb; y++)
        for (let i = y * w + xa, j = (y + dy) * w + xa + dx, end = y * w + xb; i < end; i++, j++)
          d += Math.min(cap, Math.abs(a[i]! - b[j]!));
      sum += d;
      tries++;
      if (d < least) [least, best] = [d, [dx, dy]];
    }
  return { shift: best, sure: (sum / tries - least) / ((xb - xa) * (yb - ya)) };
};

/** The least-squares plane v = p0 + p1 x + p2 y through weighted points. */
const planeOf = (pts: readonly { x: number; y: number; v: number; w: number }[]): [number, number, number] | null => {
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0],
    r = [0, 0, 0];
  for (const { x, y, v, w } of pts) {
    const f = [1, x, y];
    for (let i = 0; i < 3; i++) {
      r[i]! += w * f[i]! * v;
      for (let j = 0; j < 3; j++) m[i * 3 + j]! += w * f[i]! * f[j]!;
    }
  }
  // Cramer's rule on the 3x3 normal equations.
  const det = (q: number[]) =>
    q[0]! * (q[4]! * q[8]! - q[5]! * q[7]!) - q[1]! * (q[3]! * q[8]! - q[5]! * q[6]!) + q[2]! * (q[3]! * q[7]! - q[4]! * q[6]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((c) => det(m.map((v, i) => (i % 3 === c ? r[(i / 3) | 0]! : v))) / d) as [number, number, number];
};

/** The table's shift at each place: the whole table's shift first, then each block's near it, and a
 *  plane through the blocks' shifts (blocks on plain cloth, where any shift looks alike, weigh
 *  little; a block a hand lies over, far off the plane, is left out and the plane fitted again). */
const shiftField = (a: Float32Array, b: Float32Array, w: number, h: number, whole: [number, number], t: NewDiscardTuning): Shift => {
  const flat: Shift = [whole[0], 0, 0, whole[1], 0, 0];
  const side = Math.ceil(Math.max(w, h) / t.blocks);
  const blocks: { x: number; y: number; dx: number; dy: number; w: number }[] = [];
  for (let y0 = 0; y0 < h; y0 += side)
    for (let x0 = 0; x0 < w; x0 += side) {
      const { shift, sure } = bestShift(a, b, w, h, whole, t.local, t.cap, [x0, y0, x0 + side, y0 + side]);
      if (sure > 0) blocks.push({ x: x0 + side / 2, y: y0 + side / 2, dx: shift[0], dy: shift[1], w: sure });
    }
  let kept = blocks;
  for (let round = 0; round < 2; round++) {
    if (kept.length < 6) return flat;
    const px = planeOf(kept.map((k) => ({ ...k, v: k.dx }))),
      py = planeOf(kept.map((k) => ({ ...k, v: k.dy })));
    if (!px || !py) return flat;
    const field: Shift = [...px, ...py];
    if (round === 1) return field;
    kept = kept.filter((k) => {
      const [sx, sy] = shiftAt(field, k.x, k.y);
      return Math.hypot(sx - k.dx, sy - k.dy) <= t.offPlane;
    });
  }
  return flat;
};

/** The table's shift (small pixels; after + shift = before): looked for within `reach` of the width
 *  on a copy four times smaller, then to the pixel. */
const shiftOf = (before: Frame, after: Frame, t: NewDiscardTuning): Shift => {
  const a4 = shrink(after, Math.max(after.width, after.height) / 4).frame,
    b4 = shrink(before, Math.max(after.width, after.height) / 4).frame;
  const q = after.width / a4.width;
  const [cx, cy] = bestShift(greyOf(a4), greyOf(b4), a4.width, a4.height, [0, 0], Math.max(1, Math.round(a4.width * t.reach)), t.cap).shift;
  const a = greyOf(after),
    b = greyOf(before);
  const whole = bestShift(a, b, after.width, after.height, [Math.round(cx * q), Math.round(cy * q)], Math.ceil(q), t.cap).shift;
  return shiftField(a, b, after.width, after.height, whole, t);
};

/** The two frames compared: shrunk so the longer side is at most `t.small` pixels, and aligned;
 *  `side`: a face's short side in the frame (changes closer than `t.join` of it are one patch). */
export const tableChange = (before: Frame, after: Frame, side: number, t: NewDiscardTuning): TableChange => {
  const a = shrink(after, t.small),
    b = shrink(before, t.small);
  const shift = shiftOf(b.frame, a.frame, t);
  const changed = changedOf(a.frame, b.frame, shift, t),
    join = Math.round((side * t.join) / a.scale);
  return {
    before: b.frame,
    after: a.frame,
    k: a.scale,
    shift,
    changed,
    join,
    ...patchesOf(changed, a.frame.width, a.frame.height, join),
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

/** The changed pixels: those whose brightness differs by more than `t.cap` from every pixel within
 *  `t.slack` of their place before. */
const changedOf = (after: Frame, before: Frame, shift: Shift, t: NewDiscardTuning): Uint8Array => {
  const { width: w, height: h } = after,
    a = greyOf(after),
    b = greyOf(before);
  const changed = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [sx, sy] = shiftAt(shift, x, y),
        dx = Math.round(sx),
        dy = Math.round(sy);
      let least = Infinity;
      for (let oy = -t.slack; oy <= t.slack; oy++)
        for (let ox = -t.slack; ox <= t.slack; ox++) {
          const bx = Math.min(w - 1, Math.max(0, x + dx + ox)),
            by = Math.min(h - 1, Math.max(0, y + dy + oy));
          least = Math.min(least, Math.abs(a[y * w + x]! - b[by * w + bx]!));
        }
      changed[y * w + x] = least > t.cap ? 1 : 0;
    }
  return changed;
};

/** Changed pixels within `join` of one another joined into patches: each pixel's patch (0: none),
 *  and each patch's count of changed pixels and the rectangle round them. */
const patchesOf = (changed: Uint8Array, w: number, h: number, join: number) => {
  const near = grow(changed, w, h, join);
  const patch = new Int32Array(w * h),
    sizes = [0],
    spans: Span[] = [[0, 0, 0, 0]],
    stack: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!near[i] || patch[i]) continue;
    const id = sizes.length;
    let n = 0;
    const span: Span = [w, h, 0, 0];
    patch[i] = id;
    stack.push(i);
    while (stack.length) {
      const j = stack.pop()!;
      const x = j % w,
        y = (j - x) / w;
      if (changed[j]) {
        n++;
        span[0] = Math.min(span[0], x);
        span[1] = Math.min(span[1], y);
        span[2] = Math.max(span[2], x + 1);
        span[3] = Math.max(span[3], y + 1);
      }
      for (const q of [x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1, y > 0 ? j - w : -1, y < h - 1 ? j + w : -1])
        if (q >= 0 && near[q] && !patch[q]) {
          patch[q] = id;
          stack.push(q);
        }
    }
    sizes.push(n);
    spans.push(span);
  }
  return { patch, sizes, spans };
};

/** Where the table changed outside every one of `boxes` (frame pixels): the changed pixels outside
 *  them joined into patches; in each whose changed pixels cover between `least` and `most` frame
 *  pixels, the place of a `fw` x `fh` window (frame pixels) over the most of them, [x, y, w, h] in
 *  frame pixels (a tile's face changes all its place, its side and shadow a strip beside it). */
export const changedPlaces = (c: TableChange, boxes: readonly Box[], least: number, most: number, fw: number, fh: number): Box[] => {
  const { width: w, height: h } = c.after;
  const outside = c.changed.slice();
  for (const [bx, by, bw, bh] of boxes)
    for (let y = Math.max(0, Math.floor(by / c.k)); y < Math.min(h, Math.ceil((by + bh) / c.k)); y++)
      outside.fill(0, y * w + Math.max(0, Math.floor(bx / c.k)), y * w + Math.min(w, Math.ceil((bx + bw) / c.k)));
  const { patch, sizes, spans } = patchesOf(outside, w, h, c.join);
  const ww = Math.max(1, Math.round(fw / c.k)),
    wh = Math.max(1, Math.round(fh / c.k));
  return spans.flatMap(([x0, y0, x1, y1], id) => {
    const px = sizes[id]! * c.k * c.k;
    if (!(id > 0 && px >= least && px <= most)) return [];
    // a summed table of the patch's changed pixels, and the window over the most
    const sw = x1 - x0 + 1,
      sum = new Int32Array(sw * (y1 - y0 + 1));
    for (let y = y0; y < y1; y++)
      for (let x = x0, row = 0; x < x1; x++) {
        row += outside[y * w + x]! && patch[y * w + x] === id ? 1 : 0;
        sum[(y - y0 + 1) * sw + x - x0 + 1] = sum[(y - y0) * sw + x - x0 + 1]! + row;
      }
    const count = (ax: number, ay: number) => {
      const bx = Math.min(x1, ax + ww) - x0,
        by = Math.min(y1, ay + wh) - y0,
        cx = Math.max(x0, ax) - x0,
        cy = Math.max(y0, ay) - y0;
      return sum[by * sw + bx]! - sum[cy * sw + bx]! - sum[by * sw + cx]! + sum[cy * sw + cx]!;
    };
    let best = [x0, y0],
      over = -1;
    for (let ay = y0 - wh + 1; ay < y1; ay++)
      for (let ax = x0 - ww + 1; ax < x1; ax++) {
        const n = count(ax, ay);
        if (n > over) [over, best] = [n, [ax, ay]];
      }
    return [[best[0]! * c.k, best[1]! * c.k, ww * c.k, wh * c.k] as const];
  });
};

/** How many changed pixels (in the box's areas) the largest patch under a box's middle has: a tile
 *  laid on the cloth changes at most about its own place and its side and shadow, a hand and its
 *  shadow many tiles' worth. */
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
  const [dx, dy] = shiftAt(c.shift, (box[0] + box[2] / 2) / c.k, (box[1] + box[3] / 2) / c.k);
  const differ = (ox: number, oy: number) => {
    let ab = 0,
      bb = 0;
    pts.forEach(([x, y], i) => {
      for (let ch = 0; ch < 3; ch++) {
        const v = colourAt(c.before, x + dx + ox, y + dy + oy, ch);
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
