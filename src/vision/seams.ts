/**
 * Seams inside a pale block: touching faces whose paper meets with no dark rim wide enough for
 * the mask to part them (real tiles edge to edge; a face and its own lit side) still leave a faint
 * line between them, a pixel or two darker than the paper on both sides, running the whole way
 * across the block. Art is darker than the paper too, but no stroke runs through the face's
 * margins from one edge to the other. Such lines are looked for along both of the block's edge
 * directions (a face seen at the table's angle is a parallelogram: the seam between two faces
 * leans as their sides do) and cut out of the mask, so the faces become blocks of their own.
 */

/** A line is a seam when the luminance dips on at least this share of its length. */
const SEAM_SHARE = 0.8;
/** Pixels either side of the line the dip is judged against. */
const ACROSS = 3;
/** Lines shorter than this share of the block's longest line across are not seams (a corner). */
const MIN_SPAN = 0.6;

/**
 * Cut the seams of block `id` out of `mask` (in place): `label` holds the block's pixels,
 * `box` their bounds [x0, y0, x1, y1], `dirs` its two edge directions (radians). Returns how many
 * lines were cut.
 */
export const cutSeams = (
  mask: Uint8Array,
  label: Int32Array,
  id: number,
  [x0, y0, x1, y1]: readonly number[],
  dirs: readonly [number, number],
  lum: Float32Array,
  w: number,
  h: number,
): number => {
  const cx = (x0! + x1!) / 2,
    cy = (y0! + y1!) / 2;
  const reach = Math.ceil(Math.hypot(x1! - x0!, y1! - y0!) / 2) + 2,
    bins = 2 * reach + 1;
  let cuts = 0;
  const cut: [number, number][] = []; // the line direction's index, the seam's place across the lines
  for (const a of [0, 1] as const) {
    // Lines run along u; t steps across them along v.
    const ux = Math.cos(dirs[a]),
      uy = Math.sin(dirs[a]),
      vx = Math.cos(dirs[1 - a]!),
      vy = Math.sin(dirs[1 - a]!);
    const det = ux * vy - uy * vx;
    if (Math.abs(det) < 0.3) continue;
    // The dip is judged across the line (its normal), a whole pixel step either way.
    const nx = -uy,
      ny = ux;
    const dx = Math.round(nx * ACROSS),
      dy = Math.round(ny * ACROSS);
    // Per line t and place s along it: in the block, and dark against both sides.
    const inBlock = new Uint8Array(bins * bins),
      dip = new Uint8Array(bins * bins),
      border = new Uint8Array(bins);
    // Each line's first and last place in the block: the lines are looked along between them only.
    const starts = new Int32Array(bins).fill(bins),
      ends = new Int32Array(bins).fill(-1);
    for (let y = y0!; y <= y1!; y++)
      for (let x = x0!; x <= x1!; x++) {
        const i = y * w + x;
        if (label[i] !== id) continue;
        const px = x - cx,
          py = y - cy;
        const t = Math.round((ux * py - uy * px) / det) + reach,
          s = Math.round((px * vy - py * vx) / det) + reach;
        if (t < 0 || s < 0 || t >= bins || s >= bins) continue;
        const c = t * bins + s;
        inBlock[c] = 1;
        if (s < starts[t]!) starts[t] = s;
        if (s > ends[t]!) ends[t] = s;
        if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border[t] = 1;
        const xa = x + dx,
          ya = y + dy,
          xb = x - dx,
          yb = y - dy;
        if (xa < 0 || ya < 0 || xb < 0 || yb < 0 || xa >= w || xb >= w || ya >= h || yb >= h) continue;
        const side = Math.min(lum[ya * w + xa]!, lum[yb * w + xb]!),
          v = lum[i]!;
        if (v < side - Math.max(3, 0.025 * side)) dip[c] = 1;
      }
    // Each line's length in the block and the share of it that dips (a seam may wander a pixel
    // off a straight line: a line's window is it and its two neighbours).
    const span = new Int32Array(bins),
      share = new Float32Array(bins);
    let longest = 0;
    for (let t = 1; t < bins - 1; t++) {
      let n = 0,
        d = 0;
      const from = Math.min(starts[t - 1]!, starts[t]!, starts[t + 1]!),
        to = Math.max(ends[t - 1]!, ends[t]!, ends[t + 1]!);
      for (let s = from; s <= to; s++) {
        const here = inBlock[(t - 1) * bins + s]! | inBlock[t * bins + s]! | inBlock[(t + 1) * bins + s]!;
        if (!here) continue;
        n++;
        if (dip[(t - 1) * bins + s]! | dip[t * bins + s]! | dip[(t + 1) * bins + s]!) d++;
      }
      span[t] = n;
      share[t] = n ? d / n : 0;
      if (n > longest) longest = n;
    }
    let first = -1,
      last = -1;
    for (let t = 0; t < bins; t++)
      if (span[t]! > 0) {
        if (first < 0) first = t;
        last = t;
      }
    const seams: number[] = [];
    for (let t = first + 3; t <= last - 3; t++)
      if (share[t]! >= SEAM_SHARE && span[t]! >= MIN_SPAN * longest && share[t]! >= share[t - 1]! && share[t]! > share[t + 1]!)
        seams.push(t);
    // Strongest first, a seam is kept when it parts the block into faces and strips (a tile's
    // side, a neighbour's sliver): a piece between a quarter and 45% of the line's length is half
    // a face, cut along its art. An end piece the frame's edge cuts may be any size.
    const kept: number[] = [];
    const fits = (len: number, atEdge: boolean) => atEdge || len < 0.25 * longest || len >= 0.45 * longest;
    for (const t of seams.sort((p, q) => share[q]! - share[p]!)) {
      const lo = Math.max(first, ...kept.filter((k) => k < t)),
        hi = Math.min(last, ...kept.filter((k) => k > t));
      const left = t - lo,
        right = hi - t;
      if (
        Math.max(left, right) < 0.45 * longest ||
        !fits(left, lo === first && border.subarray(first, t).includes(1)) ||
        !fits(right, hi === last && border.subarray(t, last + 1).includes(1))
      )
        continue;
      kept.push(t);
      cut.push([a, t]);
    }
  }
  // Cut every seam found (three pixels wide), within the block only.
  for (const [a, t] of cut) {
    const ux = Math.cos(dirs[a as 0 | 1]),
      uy = Math.sin(dirs[a as 0 | 1]),
      vx = Math.cos(dirs[1 - a]!),
      vy = Math.sin(dirs[1 - a]!);
    const det = ux * vy - uy * vx;
    for (let y = y0!; y <= y1!; y++)
      for (let x = x0!; x <= x1!; x++) {
        const i = y * w + x;
        if (label[i] !== id) continue;
        const tt = (ux * (y - cy) - uy * (x - cx)) / det + reach;
        if (Math.abs(tt - t) <= 1.5) mask[i] = 0;
      }
    cuts++;
  }
  return cuts;
};
