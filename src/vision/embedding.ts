/**
 * The reading network: four 3x3 convolutions (each with ReLU and 2x2 max pooling) and one dense
 * layer turn a face (embedding-input.ts) into 64 numbers of unit length, close together for shots
 * of one kind. Trained by tools/vision/train-embedding.py, weights in embedding-weights.ts.
 * About ten million multiply-adds: a plain loop runs it in a few milliseconds, so no runtime
 * library (and no WebAssembly to allow in the page's security policy) is needed.
 */
import { EMBEDDING_WEIGHTS } from './embedding-weights';
import { NET_H, NET_W } from './embedding-input';

export const EMBEDDING_LENGTH = 64;

export interface LayerShape { kind: 'conv' | 'dense'; in: number; out: number }
export interface Layer extends LayerShape { w: Float32Array; b: Float32Array }
/** base64 float16 weights, in lines (train-embedding.py writes them) */
export interface Weights { layers: readonly LayerShape[]; data: readonly string[] }

const half = (h: number): number => {
  const s = h & 0x8000 ? -1 : 1, e = (h >> 10) & 0x1f, f = h & 0x3ff;
  if (e === 0) return s * 2 ** -14 * (f / 1024);
  if (e === 31) return f ? NaN : s * Infinity;
  return s * 2 ** (e - 15) * (1 + f / 1024);
};

/** Unpack base64 float16 weights into layers; throws if their length does not fit the shapes. */
export const unpack = (weights: Weights): Layer[] => {
  const bin = atob(weights.data.join(''));
  const n = Math.floor(bin.length / 2);
  const all = new Float32Array(n);
  for (let i = 0; i < n; i++) all[i] = half(bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8));
  let at = 0;
  const take = (k: number) => { const v = all.subarray(at, at + k); at += k; return v; };
  const layers = weights.layers.map((l) => ({ ...l, w: take(l.kind === 'conv' ? l.out * l.in * 9 : l.out * l.in), b: take(l.out) }));
  if (at !== n) throw new Error(`embedding weights hold ${n} numbers, the layers need ${at}`);
  return layers;
};

/** 3x3 convolution (zero padding), bias, ReLU, then 2x2 max pooling. The input is copied into
 *  planes with a one-pixel border, and the output computed two columns wider than the image, so
 *  each of the nine taps is one long contiguous loop (short row loops made it several times
 *  slower); the two extra columns are never pooled. */
const convBlock = (x: Float32Array, cin: number, h: number, w: number, l: Layer): Float32Array => {
  const w2 = w + 2, stride = (h + 2) * w2 + 2, n = h * w2, cout = l.out;
  const xp = new Float32Array(cin * stride);
  for (let i = 0; i < cin; i++)
    for (let r = 0; r < h; r++) xp.set(x.subarray((i * h + r) * w, (i * h + r + 1) * w), i * stride + (r + 1) * w2 + 1);
  const y = new Float32Array(cout * n);
  // Four output planes at a time: each input value loaded once serves four sums.
  for (let o = 0; o < cout; o += 4) {
    const y0 = o * n, y1 = y0 + n, y2 = y1 + n, y3 = y2 + n;
    y.fill(l.b[o]!, y0, y1); y.fill(l.b[o + 1]!, y1, y2); y.fill(l.b[o + 2]!, y2, y3); y.fill(l.b[o + 3]!, y3, y3 + n);
    for (let i = 0; i < cin; i++)
      for (let t = 0; t < 9; t++) {
        const w0 = l.w[(o * cin + i) * 9 + t]!, w1 = l.w[((o + 1) * cin + i) * 9 + t]!;
        const w2_ = l.w[((o + 2) * cin + i) * 9 + t]!, w3 = l.w[((o + 3) * cin + i) * 9 + t]!;
        const from = i * stride + Math.floor(t / 3) * w2 + (t % 3);
        for (let p = 0; p < n; p++) {
          const v = xp[from + p]!;
          y[y0 + p] += w0 * v; y[y1 + p] += w1 * v; y[y2 + p] += w2_ * v; y[y3 + p] += w3 * v;
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

/** A trained network with a name for its weights: a set taught with one can only be read with it. */
export interface Net { id: string; layers: Layer[] }

/** FNV-1a of the weights' text, as 8 hex digits. */
const fingerprint = (text: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
};

export const netOf = (weights: Weights): Net => ({ id: fingerprint(weights.data.join('')), layers: unpack(weights) });

let shipped: Net | null = null;
/** The network the app ships (unpacked once, on first use). */
export const shippedNet = (): Net => (shipped ??= netOf(EMBEDDING_WEIGHTS as Weights));

/** The embedding of one network input (netInput), unit length. */
export const embed = (input: Float32Array, layers: readonly Layer[] = shippedNet().layers): Float32Array => {
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
