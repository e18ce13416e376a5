/**
 * The reading network: in each of its members, four 3x3 convolutions (each with ReLU and 2x2 max
 * pooling) and one dense layer turn a face (embedding-input.ts) into 64 numbers of unit length,
 * close together for shots of one kind. Trained by tools/vision/train-embedding.py, weights in
 * networks/. About ten million multiply-adds a member, under five million by Winograd's method
 * (winogradBlock): plain loops run it in about 2 ms, so no runtime library (and no WebAssembly
 * to allow in the page's security policy) is needed.
 */
import { networkId, readNetworkFile, unpack, type Layer, type NetworkFile } from './network-file';
import { NET_H, NET_W } from './embedding-input';

/** numbers per member */
export const EMBEDDING_LENGTH = 64;

/** Working space kept between calls (one face is read at a time; allocating and clearing it
 *  for each took a sixth of the time): Winograd's V and M. */
const spaces = [new Float64Array(0), new Float64Array(0)];
const scratch = (which: number, n: number): Float64Array =>
  spaces[which]!.length >= n ? spaces[which]! : (spaces[which] = new Float64Array(n));

/** A layer's 3x3 kernels in the Winograd domain (G·g·Gᵀ, 4x4 each), laid out [16][out][in]:
 *  computed once per layer. */
const winogradKernels = new WeakMap<Layer, Float64Array>();
const kernelsOf = (l: Layer): Float64Array => {
  let U = winogradKernels.get(l);
  if (U) return U;
  const cin = l.in, cout = l.out;
  U = new Float64Array(16 * cout * cin);
  const t = new Float64Array(12);
  for (let o = 0; o < cout; o++)
    for (let i = 0; i < cin; i++) {
      const g = (o * cin + i) * 9;
      for (let c = 0; c < 3; c++) { // G·g, column by column: 4 rows of 3
        const g0 = l.w[g + c]!, g1 = l.w[g + 3 + c]!, g2 = l.w[g + 6 + c]!;
        t[c] = g0; t[3 + c] = (g0 + g1 + g2) / 2; t[6 + c] = (g0 - g1 + g2) / 2; t[9 + c] = g2;
      }
      for (let r = 0; r < 4; r++) { // (G·g)·Gᵀ, row by row
        const a = t[3 * r]!, b = t[3 * r + 1]!, c = t[3 * r + 2]!;
        const u = [a, (a + b + c) / 2, (a - b + c) / 2, c];
        for (let k = 0; k < 4; k++) U[((r * 4 + k) * cout + o) * cin + i] = u[k]!;
      }
    }
  winogradKernels.set(l, U);
  return U;
};

/** One convolution block: 3x3 convolution with zero padding, bias, ReLU, 2x2 max pooling, by
 *  Winograd's F(2x2, 3x3): each 2x2 of outputs (one pooling cell) from a 4x4 of inputs with 16
 *  products per input plane instead of 36 (in doubles; a plain convolution in float32 differs by
 *  about one float32 rounding). The input planes are the three colours or come eight at a time,
 *  the outputs eight at a time (network-file.ts refuses other shapes). */
const winogradBlock = (x: Float64Array, cin: number, h: number, w: number, l: Layer): Float64Array => {
  const T = (h >> 1) * (w >> 1), U = kernelsOf(l), out = new Float64Array(l.out * T);
  const V = inputTransform(x, cin, h, w, T), M = scratch(1, 128 * T);
  for (let o = 0; o < l.out; o += 8) {
    if (cin === 3) productsRGB(V, U, l.out, T, o, M);
    else products(V, U, cin, l.out, T, o, M);
    outputTransform(M, l.b, T, o, out);
  }
  return out;
};


/** Bᵀ·d·B of each cell's 4x4 (the cell's pixels and a ring round them, zero beyond the image),
 *  laid out [in][16][cell]. Each plane is first copied with a one-pixel zero border. */
const inputTransform = (x: Float64Array, cin: number, h: number, w: number, T: number): Float64Array => {
  const th = h >> 1, tw = w >> 1, w2 = w + 2, step = T;
  const V = scratch(0, 16 * T * cin), xp = new Float64Array((h + 2) * w2);
  for (let i = 0; i < cin; i++) {
    for (let r = 0; r < h; r++) xp.set(x.subarray((i * h + r) * w, (i * h + r + 1) * w), (r + 1) * w2 + 1);
    for (let ty = 0; ty < th; ty++)
      for (let tx = 0; tx < tw; tx++) {
        const p = 2 * ty * w2 + 2 * tx, q = p + w2, r = q + w2, s = r + w2;
        // d·B along each of the cell's four rows...
        const a0 = xp[p]! - xp[p + 2]!, a1 = xp[p + 1]! + xp[p + 2]!, a2 = xp[p + 2]! - xp[p + 1]!, a3 = xp[p + 1]! - xp[p + 3]!;
        const b0 = xp[q]! - xp[q + 2]!, b1 = xp[q + 1]! + xp[q + 2]!, b2 = xp[q + 2]! - xp[q + 1]!, b3 = xp[q + 1]! - xp[q + 3]!;
        const c0 = xp[r]! - xp[r + 2]!, c1 = xp[r + 1]! + xp[r + 2]!, c2 = xp[r + 2]! - xp[r + 1]!, c3 = xp[r + 1]! - xp[r + 3]!;
        const e0 = xp[s]! - xp[s + 2]!, e1 = xp[s + 1]! + xp[s + 2]!, e2 = xp[s + 2]! - xp[s + 1]!, e3 = xp[s + 1]! - xp[s + 3]!;
        // ...then Bᵀ· down each column.
        const at = i * 16 * T + ty * tw + tx;
        V[at] = a0 - c0; V[at + step] = a1 - c1; V[at + 2 * step] = a2 - c2; V[at + 3 * step] = a3 - c3;
        V[at + 4 * step] = b0 + c0; V[at + 5 * step] = b1 + c1; V[at + 6 * step] = b2 + c2; V[at + 7 * step] = b3 + c3;
        V[at + 8 * step] = c0 - b0; V[at + 9 * step] = c1 - b1; V[at + 10 * step] = c2 - b2; V[at + 11 * step] = c3 - b3;
        V[at + 12 * step] = b0 - e0; V[at + 13 * step] = b1 - e1; V[at + 14 * step] = b2 - e2; V[at + 15 * step] = b3 - e3;
      }
  }
  return V;
};

/** M[k] = U[k]·V[k] for each of the 16 Winograd components, for output planes o to o + 7, laid
 *  out [8][16][cell]: eight output planes by eight input planes at a time, each input value loaded
 *  once for eight sums and each sum read and written once per eight inputs (short loops over the
 *  planes, with the sums kept in registers, were slower). */
const products = (V: Float64Array, U: Float64Array, cin: number, cout: number, T: number, o: number, M: Float64Array) => {
  M.fill(0, 0, 128 * T);
  for (let k = 0; k < 16; k++) {
    const m0 = k * T, m1 = m0 + 16 * T, m2 = m0 + 32 * T, m3 = m0 + 48 * T, m4 = m0 + 64 * T, m5 = m0 + 80 * T, m6 = m0 + 96 * T, m7 = m0 + 112 * T;
    for (let i = 0; i < cin; i += 8) {
      const w0 = (k * cout + o) * cin + i, w1 = w0 + 1 * cin, w2 = w0 + 2 * cin, w3 = w0 + 3 * cin, w4 = w0 + 4 * cin, w5 = w0 + 5 * cin, w6 = w0 + 6 * cin, w7 = w0 + 7 * cin;
      const a0 = U[w0]!, a1 = U[w0 + 1]!, a2 = U[w0 + 2]!, a3 = U[w0 + 3]!, a4 = U[w0 + 4]!, a5 = U[w0 + 5]!, a6 = U[w0 + 6]!, a7 = U[w0 + 7]!;
      const b0 = U[w1]!, b1 = U[w1 + 1]!, b2 = U[w1 + 2]!, b3 = U[w1 + 3]!, b4 = U[w1 + 4]!, b5 = U[w1 + 5]!, b6 = U[w1 + 6]!, b7 = U[w1 + 7]!;
      const c0 = U[w2]!, c1 = U[w2 + 1]!, c2 = U[w2 + 2]!, c3 = U[w2 + 3]!, c4 = U[w2 + 4]!, c5 = U[w2 + 5]!, c6 = U[w2 + 6]!, c7 = U[w2 + 7]!;
      const d0 = U[w3]!, d1 = U[w3 + 1]!, d2 = U[w3 + 2]!, d3 = U[w3 + 3]!, d4 = U[w3 + 4]!, d5 = U[w3 + 5]!, d6 = U[w3 + 6]!, d7 = U[w3 + 7]!;
      const e0 = U[w4]!, e1 = U[w4 + 1]!, e2 = U[w4 + 2]!, e3 = U[w4 + 3]!, e4 = U[w4 + 4]!, e5 = U[w4 + 5]!, e6 = U[w4 + 6]!, e7 = U[w4 + 7]!;
      const f0 = U[w5]!, f1 = U[w5 + 1]!, f2 = U[w5 + 2]!, f3 = U[w5 + 3]!, f4 = U[w5 + 4]!, f5 = U[w5 + 5]!, f6 = U[w5 + 6]!, f7 = U[w5 + 7]!;
      const g0 = U[w6]!, g1 = U[w6 + 1]!, g2 = U[w6 + 2]!, g3 = U[w6 + 3]!, g4 = U[w6 + 4]!, g5 = U[w6 + 5]!, g6 = U[w6 + 6]!, g7 = U[w6 + 7]!;
      const h0 = U[w7]!, h1 = U[w7 + 1]!, h2 = U[w7 + 2]!, h3 = U[w7 + 3]!, h4 = U[w7 + 4]!, h5 = U[w7 + 5]!, h6 = U[w7 + 6]!, h7 = U[w7 + 7]!;
      const x0 = (i * 16 + k) * T, x1 = x0 + 16 * T, x2 = x0 + 32 * T, x3 = x0 + 48 * T, x4 = x0 + 64 * T, x5 = x0 + 80 * T, x6 = x0 + 96 * T, x7 = x0 + 112 * T;
      for (let t = 0; t < T; t++) {
        const v0 = V[x0 + t]!, v1 = V[x1 + t]!, v2 = V[x2 + t]!, v3 = V[x3 + t]!, v4 = V[x4 + t]!, v5 = V[x5 + t]!, v6 = V[x6 + t]!, v7 = V[x7 + t]!;
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

/** products for the first layer, whose input is the three colour planes: all three at once. */
const productsRGB = (V: Float64Array, U: Float64Array, cout: number, T: number, o: number, M: Float64Array) => {
  for (let k = 0; k < 16; k++) {
    const m0 = k * T, w0 = (k * cout + o) * 3, x0 = k * T, x1 = x0 + 16 * T, x2 = x0 + 32 * T;
    const a0 = U[w0 + 0]!, a1 = U[w0 + 1]!, a2 = U[w0 + 2]!;
    const b0 = U[w0 + 3]!, b1 = U[w0 + 4]!, b2 = U[w0 + 5]!;
    const c0 = U[w0 + 6]!, c1 = U[w0 + 7]!, c2 = U[w0 + 8]!;
    const d0 = U[w0 + 9]!, d1 = U[w0 + 10]!, d2 = U[w0 + 11]!;
    const e0 = U[w0 + 12]!, e1 = U[w0 + 13]!, e2 = U[w0 + 14]!;
    const f0 = U[w0 + 15]!, f1 = U[w0 + 16]!, f2 = U[w0 + 17]!;
    const g0 = U[w0 + 18]!, g1 = U[w0 + 19]!, g2 = U[w0 + 20]!;
    const h0 = U[w0 + 21]!, h1 = U[w0 + 22]!, h2 = U[w0 + 23]!;
    for (let t = 0; t < T; t++) {
      const v0 = V[x0 + t]!, v1 = V[x1 + t]!, v2 = V[x2 + t]!;
      M[m0 + 0 * T + t] = a0 * v0 + a1 * v1 + a2 * v2;
      M[m0 + 16 * T + t] = b0 * v0 + b1 * v1 + b2 * v2;
      M[m0 + 32 * T + t] = c0 * v0 + c1 * v1 + c2 * v2;
      M[m0 + 48 * T + t] = d0 * v0 + d1 * v1 + d2 * v2;
      M[m0 + 64 * T + t] = e0 * v0 + e1 * v1 + e2 * v2;
      M[m0 + 80 * T + t] = f0 * v0 + f1 * v1 + f2 * v2;
      M[m0 + 96 * T + t] = g0 * v0 + g1 * v1 + g2 * v2;
      M[m0 + 112 * T + t] = h0 * v0 + h1 * v1 + h2 * v2;
    }
  }
};

/** Aᵀ·M·A gives each cell's 2x2, then bias, ReLU and the pooling maximum: output planes o to o + 7. */
const outputTransform = (M: Float64Array, bias: Float32Array, T: number, o0: number, out: Float64Array) => {
  const step = T;
  for (let o = o0; o < o0 + 8; o++) {
    const b = bias[o]!;
    for (let t = 0; t < T; t++) {
      const m = (o - o0) * 16 * T + t;
      // M·A, row by row (rows 0-3 of the cell's 4x4), then Aᵀ·(M·A).
      const a0 = M[m]!, a1 = M[m + step]!, a2 = M[m + 2 * step]!, a3 = M[m + 3 * step]!;
      const b0 = M[m + 4 * step]!, b1 = M[m + 5 * step]!, b2 = M[m + 6 * step]!, b3 = M[m + 7 * step]!;
      const c0 = M[m + 8 * step]!, c1 = M[m + 9 * step]!, c2 = M[m + 10 * step]!, c3 = M[m + 11 * step]!;
      const e0 = M[m + 12 * step]!, e1 = M[m + 13 * step]!, e2 = M[m + 14 * step]!, e3 = M[m + 15 * step]!;
      const ra = a0 + a1 + a2, rb = b0 + b1 + b2, rc = c0 + c1 + c2, re = e0 + e1 + e2;
      const sa = a1 - a2 - a3, sb = b1 - b2 - b3, sc = c1 - c2 - c3, se = e1 - e2 - e3;
      const y00 = ra + rb + rc, y01 = sa + sb + sc, y10 = rb - rc - re, y11 = sb - sc - se;
      out[o * T + t] = Math.max(0, b + Math.max(y00, y01, y10, y11));
    }
  }
};

/** The reading network: one or more trained members whose embeddings are put side by side (two
 *  trained from different starting points disagree on different tiles, so together they err less),
 *  and a name for their weights: a set taught with one network can only be read with it. */
export interface Net { id: string; members: Layer[][] }

export const netOf = (members: readonly NetworkFile[]): Net => ({ id: networkId(members), members: members.map(unpack) });

/** A network from its members' file bytes (network-file.ts); throws a sentence when one is damaged. */
export const netFromBytes = (files: readonly Uint8Array[]): Net =>
  netOf(files.map((bytes, i) => {
    const r = readNetworkFile(bytes, `The camera's network file ${i + 1}`);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  }));

let shipped: Net | null = null;
/** The network the app ships, once loaded: the worker fetches its files from the app's bundle
 *  (recognizer.worker.ts), the tools and the bench read them from disk (tools/vision/network-disk.ts). */
export const shippedNet = (): Net => {
  if (!shipped) throw new Error('The camera\'s reading network is not loaded.');
  return shipped;
};
export const useShippedNet = (net: Net): Net => (shipped = net);

/** One member's embedding of a network input (netInput), unit length. */
export const embedWith = (input: Float32Array, layers: readonly Layer[]): Float32Array => {
  // Doubles throughout (the input's float32 values exactly): one kind of array for the engine.
  let x: Float64Array = Float64Array.from(input), h = NET_H, w = NET_W, c = 3;
  for (const l of layers) {
    if (l.kind === 'conv') {
      x = winogradBlock(x, c, h, w, l);
      c = l.out; h >>= 1; w >>= 1;
    } else {
      const y = new Float64Array(l.out);
      for (let o = 0; o < l.out; o++) {
        let s = l.b[o]!;
        const row = o * l.in;
        for (let i = 0; i < l.in; i++) s += l.w[row + i]! * x[i]!;
        y[o] = s;
      }
      x = y;
    }
  }
  let n = 0;
  for (const v of x) n += v * v;
  const k = n > 0 ? 1 / Math.sqrt(n) : 0;
  return Float32Array.from(x, (v) => v * k);
};

/** The network's embedding: its members' side by side, unit length in all (a dot product of two
 *  is the mean of the members' cosines). */
export const embed = (input: Float32Array, net: Net = shippedNet()): Float32Array => {
  const out = new Float32Array(EMBEDDING_LENGTH * net.members.length);
  const k = 1 / Math.sqrt(net.members.length);
  net.members.forEach((m, i) => out.set(embedWith(input, m).map((v) => v * k), i * EMBEDDING_LENGTH));
  return out;
};
