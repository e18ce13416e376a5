/**
 * The reading network: in each of its members, four 3x3 convolutions (each with ReLU and 2x2 max
 * pooling) and one dense layer turn a face (embedding-input.ts) into 64 numbers of unit length,
 * close together for shots of one kind. Trained by tools/vision/train-embedding.py, weights in
 * networks/. About ten million multiply-adds a member, under four million by Winograd's method
 * (winograd.ts): plain loops run it in about 2 ms, so no runtime library (and no WebAssembly to
 * allow in the page's security policy) is needed.
 */
import { networkId, readNetworkFile, unpack, type Layer, type NetworkFile } from './network-file';
import { NET_H, NET_W } from './embedding-input';
import { convBlock } from './winograd';

/** numbers per member */
export const EMBEDDING_LENGTH = 64;

/** The reading network: one or more trained members whose embeddings are put side by side (two
 *  trained from different starting points disagree on different tiles, so together they err less),
 *  and a name for their weights: a set taught with one network can only be read with it. */
export interface Net {
  id: string;
  members: Layer[][];
}

export const netOf = (members: readonly NetworkFile[]): Net => ({ id: networkId(members), members: members.map(unpack) });

/** A network from its members' file bytes (network-file.ts); throws a sentence when one is damaged. */
export const netFromBytes = (files: readonly Uint8Array[]): Net =>
  netOf(
    files.map((bytes, i) => {
      const r = readNetworkFile(bytes, `The camera's network file ${i + 1}`);
      if (!r.ok) throw new Error(r.error);
      return r.value;
    }),
  );

let shipped: Net | null = null;
/** The network the app ships, once loaded: the worker fetches its files from the app's bundle
 *  (recognizer.worker.ts), the tools and the bench read them from disk (tools/vision/network-disk.ts). */
export const shippedNet = (): Net => {
  if (!shipped) throw new Error("The camera's reading network is not loaded.");
  return shipped;
};
export const useShippedNet = (net: Net): Net => (shipped = net);

/** A dense layer's float32 weights as doubles (the same numbers), converted once per layer. */
const asDoubles = new WeakMap<Float32Array, Float64Array>();
const doubles = (w: Float32Array) => asDoubles.get(w) ?? asDoubles.set(w, new Float64Array(w)).get(w)!;

/** A dense layer: each output its bias plus its weights times the inputs, summed in order. Four
 *  outputs at a time, each its own sum, so that one output's additions do not wait on another's. */
const dense = (x: Float64Array, l: Layer): Float64Array => {
  const y = new Float64Array(l.out),
    lw = doubles(l.w),
    n = l.in;
  let o = 0;
  for (; o + 4 <= l.out; o += 4) {
    let s0 = l.b[o]!,
      s1 = l.b[o + 1]!,
      s2 = l.b[o + 2]!,
      s3 = l.b[o + 3]!;
    const r0 = o * n,
      r1 = r0 + n,
      r2 = r1 + n,
      r3 = r2 + n;
    for (let i = 0; i < n; i++) {
      const v = x[i]!;
      s0 += lw[r0 + i]! * v;
      s1 += lw[r1 + i]! * v;
      s2 += lw[r2 + i]! * v;
      s3 += lw[r3 + i]! * v;
    }
    y[o] = s0;
    y[o + 1] = s1;
    y[o + 2] = s2;
    y[o + 3] = s3;
  }
  for (; o < l.out; o++) {
    let s = l.b[o]!;
    for (let i = 0, r = o * n; i < n; i++) s += lw[r + i]! * x[i]!;
    y[o] = s;
  }
  return y;
};

/** The input in doubles, kept between calls (one face is read at a time). */
let inputSpace = new Float64Array(0);

/** One member's embedding of a network input (netInput), unit length. */
export const embedWith = (input: Float32Array, layers: readonly Layer[]): Float32Array => {
  // Doubles throughout (the input's float32 values exactly): one kind of array for the engine.
  const x0 = inputSpace.length === input.length ? inputSpace : (inputSpace = new Float64Array(input.length));
  x0.set(input);
  let x: Float64Array = x0,
    h = NET_H,
    w = NET_W,
    c = 3;
  for (const l of layers) {
    if (l.kind === 'conv') {
      x = convBlock(x, c, h, w, l);
      c = l.out;
      h >>= 1;
      w >>= 1;
    } else {
      x = dense(x, l);
    }
  }
  let n = 0;
  for (const v of x) n += v * v;
  const k = n > 0 ? 1 / Math.sqrt(n) : 0,
    out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i]! * k;
  return out;
};

/** The network's embedding: its members' side by side, unit length in all (a dot product of two
 *  is the mean of the members' cosines). */
export const embed = (input: Float32Array, net: Net = shippedNet()): Float32Array => {
  const out = new Float32Array(EMBEDDING_LENGTH * net.members.length);
  const k = 1 / Math.sqrt(net.members.length);
  net.members.forEach((m, i) =>
    out.set(
      embedWith(input, m).map((v) => v * k),
      i * EMBEDDING_LENGTH,
    ),
  );
  return out;
};
