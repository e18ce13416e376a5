/**
 * The reading network's weights as a binary file (one file per member; train-embedding.py writes
 * them): weights are data, not source. The one parser here serves the app's worker (which fetches
 * the files shipped in its bundle), the tools and the bench (which read them from disk).
 *
 * Layout: the 4 bytes "MJNW", a little-endian uint32 header length, the header (UTF-8 JSON:
 * `layers`, `check` and `fnv1a`, the checksum of the data), then the weights: float16,
 * little-endian, per layer its weights then its biases, batch norm already folded in.
 */

export interface LayerShape {
  kind: 'conv' | 'dense';
  in: number;
  out: number;
}
export interface Layer extends LayerShape {
  w: Float32Array;
  b: Float32Array;
}
export interface NetworkFile {
  layers: LayerShape[];
  /** the embedding PyTorch computed from these weights for a fixed pattern (embedding.test.ts) */
  check: number[];
  /** the float16 weights, as stored */
  data: Uint8Array;
}

const MAGIC = 'MJNW';

/** FNV-1a over bytes, as 8 hex digits: the file's checksum. */
export const fnv1a = (bytes: Uint8Array): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
};

const half = (h: number): number => {
  const s = h & 0x8000 ? -1 : 1,
    e = (h >> 10) & 0x1f,
    f = h & 0x3ff;
  if (e === 0) return s * 2 ** -14 * (f / 1024);
  if (e === 31) return f ? NaN : s * Infinity;
  return s * 2 ** (e - 15) * (1 + f / 1024);
};

const numbersNeeded = (layers: readonly LayerShape[]) =>
  layers.reduce((n, l) => n + (l.kind === 'conv' ? l.out * l.in * 9 : l.out * l.in) + l.out, 0);

/** Parse a network file; a sentence when it is damaged (wrong kind of file, cut short, checksum). */
export const readNetworkFile = (
  bytes: Uint8Array,
  name = 'The network file',
): { ok: true; value: NetworkFile } | { ok: false; error: string } => {
  const bad = (why: string) => ({ ok: false as const, error: `${name} is damaged (${why}): install the app again.` });
  if (bytes.length < 8 || String.fromCharCode(...bytes.subarray(0, 4)) !== MAGIC) return bad('not a network file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headLength = view.getUint32(4, true);
  if (8 + headLength > bytes.length) return bad('cut short');
  let head: { layers?: unknown; check?: unknown; fnv1a?: unknown };
  try {
    head = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headLength))) as typeof head;
  } catch {
    return bad('unreadable header');
  }
  const layers = head.layers as LayerShape[];
  const shapeOk = (l: LayerShape) =>
    (l?.kind === 'conv' || l?.kind === 'dense') &&
    Number.isInteger(l.in) &&
    Number.isInteger(l.out) &&
    l.in > 0 &&
    l.out > 0 &&
    (l.kind === 'dense' || l.out % 8 === 0); // embedding.ts works eight planes at a time
  if (!Array.isArray(layers) || !layers.length || !layers.every(shapeOk) || !Array.isArray(head.check) || typeof head.fnv1a !== 'string')
    return bad('unreadable header');
  const data = bytes.subarray(8 + headLength);
  if (data.length !== 2 * numbersNeeded(layers)) return bad(`holds ${data.length >> 1} numbers, its layers need ${numbersNeeded(layers)}`);
  if (fnv1a(data) !== head.fnv1a) return bad('checksum');
  return { ok: true, value: { layers, check: head.check as number[], data } };
};

/** The bytes of a network file (the converse of readNetworkFile). */
export const writeNetworkFile = (layers: readonly LayerShape[], check: readonly number[], data: Uint8Array): Uint8Array => {
  const head = new TextEncoder().encode(JSON.stringify({ layers, check, fnv1a: fnv1a(data) }));
  const out = new Uint8Array(8 + head.length + data.length);
  out.set(new TextEncoder().encode(MAGIC));
  new DataView(out.buffer).setUint32(4, head.length, true);
  out.set(head, 8);
  out.set(data, 8 + head.length);
  return out;
};

/** The float16 weights unpacked into layers. */
export const unpack = (file: NetworkFile): Layer[] => {
  const n = file.data.length >> 1;
  const all = new Float32Array(n);
  for (let i = 0; i < n; i++) all[i] = half(file.data[2 * i]! | (file.data[2 * i + 1]! << 8));
  let at = 0;
  const take = (k: number) => {
    const v = all.subarray(at, at + k);
    at += k;
    return v;
  };
  return file.layers.map((l) => ({ ...l, w: take(l.kind === 'conv' ? l.out * l.in * 9 : l.out * l.in), b: take(l.out) }));
};

const toB64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/** A network's name: FNV-1a of its members' weights as base64 text joined by '/' (the text the
 *  weights were first kept as, so sets taught before the weights became files still read). */
export const networkId = (members: readonly NetworkFile[]): string => {
  const text = members.map((m) => toB64(m.data)).join('/');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
};
