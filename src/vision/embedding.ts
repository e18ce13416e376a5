/**
 * The reading network: in each of its members, four 3x3 convolutions (each with ReLU and 2x2 max
 * pooling) and one dense layer turn a face (embedding-input.ts) into 64 numbers of unit length,
 * close together for shots of one kind. Trained by tools/vision/train-embedding.py, weights in
 * networks/. About ten million multiply-adds a member: a plain loop runs it in about 4 ms, so no
 * runtime library (and no WebAssembly to allow in the page's security policy) is needed.
 */
import { networkId, readNetworkFile, unpack, type Layer, type NetworkFile } from './network-file';
import { NET_H, NET_W } from './embedding-input';

/** numbers per member */
export const EMBEDDING_LENGTH = 64;

/** 3x3 convolution (zero padding), bias, ReLU, then 2x2 max pooling. The input is copied into
 *  planes with a one-pixel border, and the output computed two columns wider than the image, so
 *  each input plane is one long contiguous loop (short row loops were several times slower); the
 *  two extra columns are never pooled. */
const convBlock = (x: Float32Array, cin: number, h: number, w: number, l: Layer): Float32Array => {
  const w2 = w + 2, stride = (h + 2) * w2 + 2, n = h * w2, cout = l.out;
  const xp = new Float32Array(cin * stride);
  for (let i = 0; i < cin; i++)
    for (let r = 0; r < h; r++) xp.set(x.subarray((i * h + r) * w, (i * h + r + 1) * w), i * stride + (r + 1) * w2 + 1);
  const y = new Float32Array(cout * n);
  // Eight output planes at a time, all nine taps of one input plane in one pass: each input value
  // loaded once serves 72 products, and each sum is read and written once per input plane.
  const W = l.w;
  for (let o = 0; o < cout; o += 8) {
    const y0 = o * n, y1 = (o + 1) * n, y2 = (o + 2) * n, y3 = (o + 3) * n, y4 = (o + 4) * n, y5 = (o + 5) * n, y6 = (o + 6) * n, y7 = (o + 7) * n;
    for (let j = 0; j < 8; j++) y.fill(l.b[o + j]!, (o + j) * n, (o + j + 1) * n);
    for (let i = 0; i < cin; i++) {
      const k0 = (o * cin + i) * 9, k1 = k0 + cin * 9, k2 = k1 + cin * 9, k3 = k2 + cin * 9, k4 = k3 + cin * 9, k5 = k4 + cin * 9, k6 = k5 + cin * 9, k7 = k6 + cin * 9;
      const a0 = W[k0]!, a1 = W[k0 + 1]!, a2 = W[k0 + 2]!, a3 = W[k0 + 3]!, a4 = W[k0 + 4]!, a5 = W[k0 + 5]!, a6 = W[k0 + 6]!, a7 = W[k0 + 7]!, a8 = W[k0 + 8]!;
      const b0 = W[k1]!, b1 = W[k1 + 1]!, b2 = W[k1 + 2]!, b3 = W[k1 + 3]!, b4 = W[k1 + 4]!, b5 = W[k1 + 5]!, b6 = W[k1 + 6]!, b7 = W[k1 + 7]!, b8 = W[k1 + 8]!;
      const c0 = W[k2]!, c1 = W[k2 + 1]!, c2 = W[k2 + 2]!, c3 = W[k2 + 3]!, c4 = W[k2 + 4]!, c5 = W[k2 + 5]!, c6 = W[k2 + 6]!, c7 = W[k2 + 7]!, c8 = W[k2 + 8]!;
      const d0 = W[k3]!, d1 = W[k3 + 1]!, d2 = W[k3 + 2]!, d3 = W[k3 + 3]!, d4 = W[k3 + 4]!, d5 = W[k3 + 5]!, d6 = W[k3 + 6]!, d7 = W[k3 + 7]!, d8 = W[k3 + 8]!;
      const e0 = W[k4]!, e1 = W[k4 + 1]!, e2 = W[k4 + 2]!, e3 = W[k4 + 3]!, e4 = W[k4 + 4]!, e5 = W[k4 + 5]!, e6 = W[k4 + 6]!, e7 = W[k4 + 7]!, e8 = W[k4 + 8]!;
      const f0 = W[k5]!, f1 = W[k5 + 1]!, f2 = W[k5 + 2]!, f3 = W[k5 + 3]!, f4 = W[k5 + 4]!, f5 = W[k5 + 5]!, f6 = W[k5 + 6]!, f7 = W[k5 + 7]!, f8 = W[k5 + 8]!;
      const g0 = W[k6]!, g1 = W[k6 + 1]!, g2 = W[k6 + 2]!, g3 = W[k6 + 3]!, g4 = W[k6 + 4]!, g5 = W[k6 + 5]!, g6 = W[k6 + 6]!, g7 = W[k6 + 7]!, g8 = W[k6 + 8]!;
      const h0 = W[k7]!, h1 = W[k7 + 1]!, h2 = W[k7 + 2]!, h3 = W[k7 + 3]!, h4 = W[k7 + 4]!, h5 = W[k7 + 5]!, h6 = W[k7 + 6]!, h7 = W[k7 + 7]!, h8 = W[k7 + 8]!;
      const r0 = i * stride, r1 = r0 + w2, r2 = r1 + w2;
      for (let p = 0; p < n; p++) {
        const v0 = xp[r0 + p]!, v1 = xp[r0 + p + 1]!, v2 = xp[r0 + p + 2]!;
        const v3 = xp[r1 + p]!, v4 = xp[r1 + p + 1]!, v5 = xp[r1 + p + 2]!;
        const v6 = xp[r2 + p]!, v7 = xp[r2 + p + 1]!, v8 = xp[r2 + p + 2]!;
        y[y0 + p] += a0 * v0 + a1 * v1 + a2 * v2 + a3 * v3 + a4 * v4 + a5 * v5 + a6 * v6 + a7 * v7 + a8 * v8;
        y[y1 + p] += b0 * v0 + b1 * v1 + b2 * v2 + b3 * v3 + b4 * v4 + b5 * v5 + b6 * v6 + b7 * v7 + b8 * v8;
        y[y2 + p] += c0 * v0 + c1 * v1 + c2 * v2 + c3 * v3 + c4 * v4 + c5 * v5 + c6 * v6 + c7 * v7 + c8 * v8;
        y[y3 + p] += d0 * v0 + d1 * v1 + d2 * v2 + d3 * v3 + d4 * v4 + d5 * v5 + d6 * v6 + d7 * v7 + d8 * v8;
        y[y4 + p] += e0 * v0 + e1 * v1 + e2 * v2 + e3 * v3 + e4 * v4 + e5 * v5 + e6 * v6 + e7 * v7 + e8 * v8;
        y[y5 + p] += f0 * v0 + f1 * v1 + f2 * v2 + f3 * v3 + f4 * v4 + f5 * v5 + f6 * v6 + f7 * v7 + f8 * v8;
        y[y6 + p] += g0 * v0 + g1 * v1 + g2 * v2 + g3 * v3 + g4 * v4 + g5 * v5 + g6 * v6 + g7 * v7 + g8 * v8;
        y[y7 + p] += h0 * v0 + h1 * v1 + h2 * v2 + h3 * v3 + h4 * v4 + h5 * v5 + h6 * v6 + h7 * v7 + h8 * v8;
      }
    }
  }
  const ph = h >> 1, pw = w >> 1;
  const out = new Float32Array(cout * ph * pw);
  for (let o = 0; o < cout; o++)
    for (let r = 0; r < ph; r++)
      for (let c = 0; c < pw; c++) {
        const a = o * n + 2 * r * w2 + 2 * c;
        out[(o * ph + r) * pw + c] = Math.max(0, y[a]!, y[a + 1]!, y[a + w2]!, y[a + w2 + 1]!);
      }
  return out;
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
  let x = input, h = NET_H, w = NET_W, c = 3;
  for (const l of layers) {
    if (l.kind === 'conv') {
      x = convBlock(x, c, h, w, l);
      c = l.out; h >>= 1; w >>= 1;
    } else {
      const y = new Float32Array(l.out);
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
  return x.map((v) => v * k);
};

/** The network's embedding: its members' side by side, unit length in all (a dot product of two
 *  is the mean of the members' cosines). */
export const embed = (input: Float32Array, net: Net = shippedNet()): Float32Array => {
  const out = new Float32Array(EMBEDDING_LENGTH * net.members.length);
  const k = 1 / Math.sqrt(net.members.length);
  net.members.forEach((m, i) => out.set(embedWith(input, m).map((v) => v * k), i * EMBEDDING_LENGTH));
  return out;
};
