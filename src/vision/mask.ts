/**
 * A mask of 0s and 1s grown or shrunk by a square window, and the holes inside its blocks filled:
 * what the pale-block finder (find-faces.ts) makes of a frame's paper.
 */

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
