/**
 * The reading network's convolution blocks (3x3 convolution with zero padding, bias, ReLU, 2x2 max
 * pooling) by Winograd's minimal filtering: each tile of outputs comes from a slightly larger tile
 * of inputs by a fixed transform, one product per input plane and transformed point, and a fixed
 * transform back. F(4x4, 3x3) needs 36 products for 16 outputs and F(2x2, 3x3) 16 for 4, where a
 * plain convolution needs 144 and 36. Worked in doubles: the numbers differ from a plain float32
 * convolution's by about one float32 rounding.
 */
import type { Layer } from './network-file';

/** Working space kept between calls (one face is read at a time; allocating and clearing it for
 *  each took a sixth of the time): the transformed inputs V, the products M, and two spaces the
 *  blocks' outputs take in turn (a block's output is the next one's input). */
const spaces = [new Float64Array(0), new Float64Array(0), new Float64Array(0), new Float64Array(0)];
const scratch = (which: number, n: number): Float64Array =>
  spaces[which]!.length >= n ? spaces[which]! : (spaces[which] = new Float64Array(n));

/** G of F(2x2, 3x3) and of F(4x4, 3x3) (Lavin and Gray): a 3x3 kernel g becomes G·g·Gᵀ. */
const G2 = [
  [1, 0, 0],
  [1 / 2, 1 / 2, 1 / 2],
  [1 / 2, -1 / 2, 1 / 2],
  [0, 0, 1],
];
const G4 = [
  [1 / 4, 0, 0],
  [-1 / 6, -1 / 6, -1 / 6],
  [-1 / 6, 1 / 6, -1 / 6],
  [1 / 24, 1 / 12, 1 / 6],
  [1 / 24, -1 / 12, 1 / 6],
  [0, 0, 1],
];

/** A layer's kernels transformed, laid out [point][out][in]: computed once per layer and size. */
const transformed = new WeakMap<Layer, Map<number, Float64Array>>();
const kernelsOf = (l: Layer, G: readonly (readonly number[])[]): Float64Array => {
  const n = G.length,
    byLayer = transformed.get(l) ?? new Map<number, Float64Array>();
  transformed.set(l, byLayer);
  let U = byLayer.get(n);
  if (U) return U;
  U = new Float64Array(n * n * l.out * l.in);
  for (let o = 0; o < l.out; o++)
    for (let i = 0; i < l.in; i++) {
      const g = (o * l.in + i) * 9;
      for (let r = 0; r < n; r++)
        for (let c = 0; c < n; c++) {
          let s = 0;
          for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) s += G[r]![a]! * l.w[g + 3 * a + b]! * G[c]![b]!;
          U[((r * n + c) * l.out + o) * l.in + i] = s;
        }
    }
  byLayer.set(n, U);
  return U;
};

/** One block (its output lasts until the next call but one). The input planes are the three
 *  colours or come eight at a time, the outputs eight at a time (network-file.ts refuses other
 *  shapes). Planes whose sides are multiples of 4 go by F(4x4, 3x3), others (the last block's
 *  8x6) by F(2x2, 3x3). */
export const convBlock = (x: Float64Array, cin: number, h: number, w: number, l: Layer): Float64Array => {
  const big = h % 4 === 0 && w % 4 === 0,
    K = big ? 36 : 16,
    T = big ? (h >> 2) * (w >> 2) : (h >> 1) * (w >> 1);
  // The output, every value of which is written below: in the output space x is not in.
  const n = l.out * (h >> 1) * (w >> 1),
    which = spaces[2]!.buffer === x.buffer ? 3 : 2;
  const U = kernelsOf(l, big ? G4 : G2),
    out = scratch(which, n).subarray(0, n);
  const V = big ? inputTransform4(x, cin, h, w, T) : inputTransform2(x, cin, h, w, T),
    M = scratch(1, 8 * K * T);
  for (let o = 0; o < l.out; o += 8) {
    if (cin === 3) productsRGB(V, U, l.out, K, T, o, M);
    else products(V, U, cin, l.out, K, T, o, M);
    if (big) outputTransform4(M, l.b, h, w, T, o, out);
    else outputTransform2(M, l.b, T, o, out);
  }
  return out;
};

/** Each plane copied with a one-pixel zero border (the convolution's padding). */
const padded = (x: Float64Array, i: number, h: number, w: number, xp: Float64Array) => {
  for (let r = 0, from = i * h * w, to = w + 3; r < h; r++, to += 2) for (let c = 0; c < w; c++) xp[to++] = x[from++]!;
};

/** F(2x2, 3x3): Bᵀ·d·B of each cell's 4x4 (the cell's pixels and a ring round them), laid out
 *  [in][16][cell]. */
const inputTransform2 = (x: Float64Array, cin: number, h: number, w: number, T: number): Float64Array => {
  const th = h >> 1,
    tw = w >> 1,
    w2 = w + 2,
    step = T;
  const V = scratch(0, 16 * T * cin),
    xp = new Float64Array((h + 2) * w2);
  for (let i = 0; i < cin; i++) {
    padded(x, i, h, w, xp);
    for (let ty = 0; ty < th; ty++)
      for (let tx = 0; tx < tw; tx++) {
        const p = 2 * ty * w2 + 2 * tx,
          q = p + w2,
          r = q + w2,
          s = r + w2;
        // d·B along each of the cell's four rows...
        const a0 = xp[p]! - xp[p + 2]!,
          a1 = xp[p + 1]! + xp[p + 2]!,
          a2 = xp[p + 2]! - xp[p + 1]!,
          a3 = xp[p + 1]! - xp[p + 3]!;
        const b0 = xp[q]! - xp[q + 2]!,
          b1 = xp[q + 1]! + xp[q + 2]!,
          b2 = xp[q + 2]! - xp[q + 1]!,
          b3 = xp[q + 1]! - xp[q + 3]!;
        const c0 = xp[r]! - xp[r + 2]!,
          c1 = xp[r + 1]! + xp[r + 2]!,
          c2 = xp[r + 2]! - xp[r + 1]!,
          c3 = xp[r + 1]! - xp[r + 3]!;
        const e0 = xp[s]! - xp[s + 2]!,
          e1 = xp[s + 1]! + xp[s + 2]!,
          e2 = xp[s + 2]! - xp[s + 1]!,
          e3 = xp[s + 1]! - xp[s + 3]!;
        // ...then Bᵀ· down each column.
        const at = i * 16 * T + ty * tw + tx;
        V[at] = a0 - c0;
        V[at + step] = a1 - c1;
        V[at + 2 * step] = a2 - c2;
        V[at + 3 * step] = a3 - c3;
        V[at + 4 * step] = b0 + c0;
        V[at + 5 * step] = b1 + c1;
        V[at + 6 * step] = b2 + c2;
        V[at + 7 * step] = b3 + c3;
        V[at + 8 * step] = c0 - b0;
        V[at + 9 * step] = c1 - b1;
        V[at + 10 * step] = c2 - b2;
        V[at + 11 * step] = c3 - b3;
        V[at + 12 * step] = b0 - e0;
        V[at + 13 * step] = b1 - e1;
        V[at + 14 * step] = b2 - e2;
        V[at + 15 * step] = b3 - e3;
      }
  }
  return V;
};

/** F(4x4, 3x3): Bᵀ·d·B of each tile's 6x6, laid out [in][36][tile]. */
const inputTransform4 = (x: Float64Array, cin: number, h: number, w: number, T: number): Float64Array => {
  const th = h >> 2,
    tw = w >> 2,
    w2 = w + 2;
  const V = scratch(0, 36 * T * cin),
    xp = new Float64Array((h + 2) * w2),
    d = new Float64Array(36);
  for (let i = 0; i < cin; i++) {
    padded(x, i, h, w, xp);
    for (let ty = 0; ty < th; ty++)
      for (let tx = 0; tx < tw; tx++) {
        for (let r = 0; r < 6; r++) {
          // d·B along each of the tile's six rows...
          const p = (4 * ty + r) * w2 + 4 * tx,
            q = 6 * r;
          const x0 = xp[p]!,
            x1 = xp[p + 1]!,
            x2 = xp[p + 2]!,
            x3 = xp[p + 3]!,
            x4 = xp[p + 4]!,
            x5 = xp[p + 5]!;
          d[q] = 4 * x0 - 5 * x2 + x4;
          d[q + 1] = x3 + x4 - 4 * (x1 + x2);
          d[q + 2] = 4 * (x1 - x2) + x4 - x3;
          d[q + 3] = 2 * (x3 - x1) + x4 - x2;
          d[q + 4] = 2 * (x1 - x3) + x4 - x2;
          d[q + 5] = 4 * x1 - 5 * x3 + x5;
        }
        const at = i * 36 * T + ty * tw + tx;
        for (let c = 0; c < 6; c++) {
          // ...then Bᵀ· down each column
          const y0 = d[c]!,
            y1 = d[6 + c]!,
            y2 = d[12 + c]!,
            y3 = d[18 + c]!,
            y4 = d[24 + c]!,
            y5 = d[30 + c]!;
          V[at + c * T] = 4 * y0 - 5 * y2 + y4;
          V[at + (6 + c) * T] = y3 + y4 - 4 * (y1 + y2);
          V[at + (12 + c) * T] = 4 * (y1 - y2) + y4 - y3;
          V[at + (18 + c) * T] = 2 * (y3 - y1) + y4 - y2;
          V[at + (24 + c) * T] = 2 * (y1 - y3) + y4 - y2;
          V[at + (30 + c) * T] = 4 * y1 - 5 * y3 + y5;
        }
      }
  }
  return V;
};

/** M[k] = U[k]·V[k] for each of the K transformed points, for output planes o to o + 7, laid out
 *  [8][K][tile]: eight output planes by eight input planes at a time, each input value loaded
 *  once for eight sums and each sum read and written once per eight inputs (short loops over the
 *  planes, with the sums kept in registers, were slower). */
const products = (V: Float64Array, U: Float64Array, cin: number, cout: number, K: number, T: number, o: number, M: Float64Array) => {
  M.fill(0, 0, 8 * K * T);
  const KT = K * T;
  for (let k = 0; k < K; k++) {
    const m0 = k * T,
      m1 = m0 + KT,
      m2 = m1 + KT,
      m3 = m2 + KT,
      m4 = m3 + KT,
      m5 = m4 + KT,
      m6 = m5 + KT,
      m7 = m6 + KT;
    for (let i = 0; i < cin; i += 8) {
      const w0 = (k * cout + o) * cin + i,
        w1 = w0 + 1 * cin,
        w2 = w0 + 2 * cin,
        w3 = w0 + 3 * cin,
        w4 = w0 + 4 * cin,
        w5 = w0 + 5 * cin,
        w6 = w0 + 6 * cin,
        w7 = w0 + 7 * cin;
      const a0 = U[w0]!,
        a1 = U[w0 + 1]!,
        a2 = U[w0 + 2]!,
        a3 = U[w0 + 3]!,
        a4 = U[w0 + 4]!,
        a5 = U[w0 + 5]!,
        a6 = U[w0 + 6]!,
        a7 = U[w0 + 7]!;
      const b0 = U[w1]!,
        b1 = U[w1 + 1]!,
        b2 = U[w1 + 2]!,
        b3 = U[w1 + 3]!,
        b4 = U[w1 + 4]!,
        b5 = U[w1 + 5]!,
        b6 = U[w1 + 6]!,
        b7 = U[w1 + 7]!;
      const c0 = U[w2]!,
        c1 = U[w2 + 1]!,
        c2 = U[w2 + 2]!,
        c3 = U[w2 + 3]!,
        c4 = U[w2 + 4]!,
        c5 = U[w2 + 5]!,
        c6 = U[w2 + 6]!,
        c7 = U[w2 + 7]!;
      const d0 = U[w3]!,
        d1 = U[w3 + 1]!,
        d2 = U[w3 + 2]!,
        d3 = U[w3 + 3]!,
        d4 = U[w3 + 4]!,
        d5 = U[w3 + 5]!,
        d6 = U[w3 + 6]!,
        d7 = U[w3 + 7]!;
      const e0 = U[w4]!,
        e1 = U[w4 + 1]!,
        e2 = U[w4 + 2]!,
        e3 = U[w4 + 3]!,
        e4 = U[w4 + 4]!,
        e5 = U[w4 + 5]!,
        e6 = U[w4 + 6]!,
        e7 = U[w4 + 7]!;
      const f0 = U[w5]!,
        f1 = U[w5 + 1]!,
        f2 = U[w5 + 2]!,
        f3 = U[w5 + 3]!,
        f4 = U[w5 + 4]!,
        f5 = U[w5 + 5]!,
        f6 = U[w5 + 6]!,
        f7 = U[w5 + 7]!;
      const g0 = U[w6]!,
        g1 = U[w6 + 1]!,
        g2 = U[w6 + 2]!,
        g3 = U[w6 + 3]!,
        g4 = U[w6 + 4]!,
        g5 = U[w6 + 5]!,
        g6 = U[w6 + 6]!,
        g7 = U[w6 + 7]!;
      const h0 = U[w7]!,
        h1 = U[w7 + 1]!,
        h2 = U[w7 + 2]!,
        h3 = U[w7 + 3]!,
        h4 = U[w7 + 4]!,
        h5 = U[w7 + 5]!,
        h6 = U[w7 + 6]!,
        h7 = U[w7 + 7]!;
      const x0 = (i * K + k) * T,
        x1 = x0 + KT,
        x2 = x1 + KT,
        x3 = x2 + KT,
        x4 = x3 + KT,
        x5 = x4 + KT,
        x6 = x5 + KT,
        x7 = x6 + KT;
      for (let t = 0; t < T; t++) {
        const v0 = V[x0 + t]!,
          v1 = V[x1 + t]!,
          v2 = V[x2 + t]!,
          v3 = V[x3 + t]!,
          v4 = V[x4 + t]!,
          v5 = V[x5 + t]!,
          v6 = V[x6 + t]!,
          v7 = V[x7 + t]!;
        M[m0 + t] += a0 * v0 + a1 * v1 + a2 * v2 + a3 * v3 + a4 * v4 + a5 * v5 + a6 * v6 + a7 * v7;
        M[m1 + t] += b0 * v0 + b1 * v1 + b2 * v2 + b3 * v3 + b4 * v4 + b5 * v5 + b6 * v6 + b7 * v7;
        M[m2 + t] += c0 * v0 + c1 * v1 + c2 * v2 + c3 * v3 + c4 * v4 + c5 * v5 + c6 * v6 + c7 * v7;
        M[m3 + t] += d0 * v0 + d1 * v1 + d2 * v2 + d3 * v3 + d4 * v4 + d5 * v5 + d6 * v6 + d7 * v7;
        M[m4 + t] += e0 * v0 + e1 * v1 + e2 * v2 + e3 * v3 + e4 * v4 + e5 * v5 + e6 * v6 + e7 * v7;
        M[m5 + t] += f0 * v0 + f1 * v1 + f2 * v2 + f3 * v3 + f4 * v4 + f5 * v5 + f6 * v6 + f7 * v7;
        M[m6 + t] += g0 * v0 + g1 * v1 + g2 * v2 + g3 * v3 + g4 * v4 + g5 * v5 + g6 * v6 + g7 * v7;
        M[m7 + t] += h0 * v0 + h1 * v1 + h2 * v2 + h3 * v3 + h4 * v4 + h5 * v5 + h6 * v6 + h7 * v7;
      }
    }
  }
};

/** products for the first block, whose input is the three colour planes: all three at once. */
const productsRGB = (V: Float64Array, U: Float64Array, cout: number, K: number, T: number, o: number, M: Float64Array) => {
  const KT = K * T;
  for (let k = 0; k < K; k++) {
    const m0 = k * T,
      w0 = (k * cout + o) * 3,
      x0 = k * T,
      x1 = x0 + KT,
      x2 = x1 + KT;
    const a0 = U[w0]!,
      a1 = U[w0 + 1]!,
      a2 = U[w0 + 2]!,
      b0 = U[w0 + 3]!,
      b1 = U[w0 + 4]!,
      b2 = U[w0 + 5]!;
    const c0 = U[w0 + 6]!,
      c1 = U[w0 + 7]!,
      c2 = U[w0 + 8]!,
      d0 = U[w0 + 9]!,
      d1 = U[w0 + 10]!,
      d2 = U[w0 + 11]!;
    const e0 = U[w0 + 12]!,
      e1 = U[w0 + 13]!,
      e2 = U[w0 + 14]!,
      f0 = U[w0 + 15]!,
      f1 = U[w0 + 16]!,
      f2 = U[w0 + 17]!;
    const g0 = U[w0 + 18]!,
      g1 = U[w0 + 19]!,
      g2 = U[w0 + 20]!,
      h0 = U[w0 + 21]!,
      h1 = U[w0 + 22]!,
      h2 = U[w0 + 23]!;
    for (let t = 0; t < T; t++) {
      const v0 = V[x0 + t]!,
        v1 = V[x1 + t]!,
        v2 = V[x2 + t]!;
      M[m0 + t] = a0 * v0 + a1 * v1 + a2 * v2;
      M[m0 + KT + t] = b0 * v0 + b1 * v1 + b2 * v2;
      M[m0 + 2 * KT + t] = c0 * v0 + c1 * v1 + c2 * v2;
      M[m0 + 3 * KT + t] = d0 * v0 + d1 * v1 + d2 * v2;
      M[m0 + 4 * KT + t] = e0 * v0 + e1 * v1 + e2 * v2;
      M[m0 + 5 * KT + t] = f0 * v0 + f1 * v1 + f2 * v2;
      M[m0 + 6 * KT + t] = g0 * v0 + g1 * v1 + g2 * v2;
      M[m0 + 7 * KT + t] = h0 * v0 + h1 * v1 + h2 * v2;
    }
  }
};

/** Bias, ReLU and the 2x2 pooling maximum without a branch, which the processor would guess
 *  wrong for many cells (a look takes a seventh less without them): 2·max(a, b) is
 *  a + b + |a − b|, within a rounding of a double. */
const pool = (a: number, b: number, c: number, d: number, bias: number): number => {
  const ab = a + b + Math.abs(a - b),
    cd = c + d + Math.abs(c - d);
  const p = bias + 0.25 * (ab + cd + Math.abs(ab - cd));
  return 0.5 * (p + Math.abs(p));
};

/** F(2x2, 3x3): Aᵀ·M·A gives each cell's 2x2, then bias, ReLU and the pooling maximum, for output
 *  planes o0 to o0 + 7. */
const outputTransform2 = (M: Float64Array, bias: Float32Array, T: number, o0: number, out: Float64Array) => {
  const step = T;
  for (let o = o0; o < o0 + 8; o++) {
    const b = bias[o]!;
    for (let t = 0; t < T; t++) {
      const m = (o - o0) * 16 * T + t;
      // M·A, row by row (rows 0-3 of the cell's 4x4), then Aᵀ·(M·A).
      const a0 = M[m]!,
        a1 = M[m + step]!,
        a2 = M[m + 2 * step]!,
        a3 = M[m + 3 * step]!;
      const b0 = M[m + 4 * step]!,
        b1 = M[m + 5 * step]!,
        b2 = M[m + 6 * step]!,
        b3 = M[m + 7 * step]!;
      const c0 = M[m + 8 * step]!,
        c1 = M[m + 9 * step]!,
        c2 = M[m + 10 * step]!,
        c3 = M[m + 11 * step]!;
      const e0 = M[m + 12 * step]!,
        e1 = M[m + 13 * step]!,
        e2 = M[m + 14 * step]!,
        e3 = M[m + 15 * step]!;
      const ra = a0 + a1 + a2,
        rb = b0 + b1 + b2,
        rc = c0 + c1 + c2,
        re = e0 + e1 + e2;
      const sa = a1 - a2 - a3,
        sb = b1 - b2 - b3,
        sc = c1 - c2 - c3,
        se = e1 - e2 - e3;
      const y00 = ra + rb + rc,
        y01 = sa + sb + sc,
        y10 = rb - rc - re,
        y11 = sb - sc - se;
      out[o * T + t] = pool(y00, y01, y10, y11, b);
    }
  }
};

/** F(4x4, 3x3): Aᵀ·M·A gives each tile's 4x4, then bias, ReLU and the pooling maximum of its four
 *  2x2 cells, for output planes o0 to o0 + 7. */
const outputTransform4 = (M: Float64Array, bias: Float32Array, h: number, w: number, T: number, o0: number, out: Float64Array) => {
  const tw = w >> 2,
    ph = h >> 1,
    pw = w >> 1;
  for (let o = o0; o < o0 + 8; o++) {
    const b = bias[o]!;
    for (let t = 0; t < T; t++) {
      const m = (o - o0) * 36 * T + t;
      // M·A along each of the six rows...
      const m00 = M[m]!,
        m01 = M[m + T]!,
        m02 = M[m + 2 * T]!,
        m03 = M[m + 3 * T]!,
        m04 = M[m + 4 * T]!,
        m05 = M[m + 5 * T]!;
      const s0 = m01 + m02,
        d0 = m01 - m02,
        S0 = m03 + m04,
        D0 = m03 - m04;
      const r00 = m00 + s0 + S0,
        r01 = d0 + 2 * D0,
        r02 = s0 + 4 * S0,
        r03 = d0 + 8 * D0 + m05;
      const m10 = M[m + 6 * T]!,
        m11 = M[m + 7 * T]!,
        m12 = M[m + 8 * T]!,
        m13 = M[m + 9 * T]!,
        m14 = M[m + 10 * T]!,
        m15 = M[m + 11 * T]!;
      const s1 = m11 + m12,
        d1 = m11 - m12,
        S1 = m13 + m14,
        D1 = m13 - m14;
      const r10 = m10 + s1 + S1,
        r11 = d1 + 2 * D1,
        r12 = s1 + 4 * S1,
        r13 = d1 + 8 * D1 + m15;
      const m20 = M[m + 12 * T]!,
        m21 = M[m + 13 * T]!,
        m22 = M[m + 14 * T]!,
        m23 = M[m + 15 * T]!,
        m24 = M[m + 16 * T]!,
        m25 = M[m + 17 * T]!;
      const s2 = m21 + m22,
        d2 = m21 - m22,
        S2 = m23 + m24,
        D2 = m23 - m24;
      const r20 = m20 + s2 + S2,
        r21 = d2 + 2 * D2,
        r22 = s2 + 4 * S2,
        r23 = d2 + 8 * D2 + m25;
      const m30 = M[m + 18 * T]!,
        m31 = M[m + 19 * T]!,
        m32 = M[m + 20 * T]!,
        m33 = M[m + 21 * T]!,
        m34 = M[m + 22 * T]!,
        m35 = M[m + 23 * T]!;
      const s3 = m31 + m32,
        d3 = m31 - m32,
        S3 = m33 + m34,
        D3 = m33 - m34;
      const r30 = m30 + s3 + S3,
        r31 = d3 + 2 * D3,
        r32 = s3 + 4 * S3,
        r33 = d3 + 8 * D3 + m35;
      const m40 = M[m + 24 * T]!,
        m41 = M[m + 25 * T]!,
        m42 = M[m + 26 * T]!,
        m43 = M[m + 27 * T]!,
        m44 = M[m + 28 * T]!,
        m45 = M[m + 29 * T]!;
      const s4 = m41 + m42,
        d4 = m41 - m42,
        S4 = m43 + m44,
        D4 = m43 - m44;
      const r40 = m40 + s4 + S4,
        r41 = d4 + 2 * D4,
        r42 = s4 + 4 * S4,
        r43 = d4 + 8 * D4 + m45;
      const m50 = M[m + 30 * T]!,
        m51 = M[m + 31 * T]!,
        m52 = M[m + 32 * T]!,
        m53 = M[m + 33 * T]!,
        m54 = M[m + 34 * T]!,
        m55 = M[m + 35 * T]!;
      const s5 = m51 + m52,
        d5 = m51 - m52,
        S5 = m53 + m54,
        D5 = m53 - m54;
      const r50 = m50 + s5 + S5,
        r51 = d5 + 2 * D5,
        r52 = s5 + 4 * S5,
        r53 = d5 + 8 * D5 + m55;
      // ...then Aᵀ· down each of the four columns.
      const s_0 = r10 + r20,
        d_0 = r10 - r20,
        S_0 = r30 + r40,
        D_0 = r30 - r40;
      const y00 = r00 + s_0 + S_0,
        y10 = d_0 + 2 * D_0,
        y20 = s_0 + 4 * S_0,
        y30 = d_0 + 8 * D_0 + r50;
      const s_1 = r11 + r21,
        d_1 = r11 - r21,
        S_1 = r31 + r41,
        D_1 = r31 - r41;
      const y01 = r01 + s_1 + S_1,
        y11 = d_1 + 2 * D_1,
        y21 = s_1 + 4 * S_1,
        y31 = d_1 + 8 * D_1 + r51;
      const s_2 = r12 + r22,
        d_2 = r12 - r22,
        S_2 = r32 + r42,
        D_2 = r32 - r42;
      const y02 = r02 + s_2 + S_2,
        y12 = d_2 + 2 * D_2,
        y22 = s_2 + 4 * S_2,
        y32 = d_2 + 8 * D_2 + r52;
      const s_3 = r13 + r23,
        d_3 = r13 - r23,
        S_3 = r33 + r43,
        D_3 = r33 - r43;
      const y03 = r03 + s_3 + S_3,
        y13 = d_3 + 2 * D_3,
        y23 = s_3 + 4 * S_3,
        y33 = d_3 + 8 * D_3 + r53;
      const ty = (t / tw) | 0,
        at = (o * ph + 2 * ty) * pw + 2 * (t - ty * tw);
      out[at] = pool(y00, y01, y10, y11, b);
      out[at + 1] = pool(y02, y03, y12, y13, b);
      out[at + pw] = pool(y20, y21, y30, y31, b);
      out[at + pw + 1] = pool(y22, y23, y32, y33, b);
    }
  }
};
