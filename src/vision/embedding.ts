/**
 * The reading network: in each of its two members, four 3x3 convolutions (each with ReLU and 2x2
 * max pooling) and one dense layer turn a face (embedding-input.ts) into 64 numbers of unit
 * length, close together for shots of one kind; the members' embeddings side by side are the
 * network's. Trained by tools/vision/train-embedding.py, which writes it as one ONNX model
 * (resources/vision/reader.onnx, with its name and check in reader.json); run with
 * onnxruntime-web, like the face finder (finder.ts), on all the faces of a frame at once.
 */
import * as ort from 'onnxruntime-web/wasm';
import { NET_H, NET_W } from './embedding-input';
import { onnxSession } from './finder';

/** numbers per member */
export const EMBEDDING_LENGTH = 64;

/** What reader.json says of its model: the network's name (a set taught with one network can only
 *  be read with it) and the embedding PyTorch computed for a fixed pattern (embedding.test.ts). */
export interface NetMeta {
  id: string;
  check: number[];
}

export interface Net {
  id: string;
  /** numbers in one embedding (64 per member) */
  length: number;
  session: ort.InferenceSession;
  /** runs wait for the one before: one session runs one batch at a time */
  queue: Promise<unknown>;
}

const isMeta = (m: unknown): m is NetMeta =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as NetMeta).id === 'string' &&
  Array.isArray((m as NetMeta).check) &&
  (m as NetMeta).check.length % EMBEDDING_LENGTH === 0 &&
  (m as NetMeta).check.length > 0;

/** A network from its model's bytes and its reader.json; throws a sentence when either is damaged. */
export const loadNet = async (model: Uint8Array, meta: unknown): Promise<Net> => {
  if (!isMeta(meta)) throw new Error("The camera's reading network is damaged (its description): install the app again.");
  const session = await onnxSession(model).catch(() => {
    throw new Error("The camera's reading network is damaged: install the app again.");
  });
  return { id: meta.id, length: meta.check.length, session, queue: Promise.resolve() };
};

let shipped: Net | null = null;
/** The network the app ships, once loaded: the worker fetches its files from the app's bundle
 *  (recognizer.worker.ts), the tools and the bench read them from disk (tools/vision/network-disk.ts). */
export const shippedNet = (): Net => {
  if (!shipped) throw new Error("The camera's reading network is not loaded.");
  return shipped;
};
export const useShippedNet = (net: Net): Net => (shipped = net);

/** Faces per run: a run has a fixed cost of about two faces' work (onnxruntime-web, one thread),
 *  and batches larger than this work slower per face (CPU time: 1 face 7.5 ms, 8 faces 2.9 ms
 *  each, 32 faces 3.9 ms each). */
const BATCH = 8;

/** One run of the network on up to BATCH inputs. */
const runBatch = async (inputs: readonly Float32Array[], net: Net): Promise<Float32Array[]> => {
  const size = 3 * NET_H * NET_W,
    data = new Float32Array(inputs.length * size);
  inputs.forEach((x, i) => data.set(x, i * size));
  const faces = new ort.Tensor('float32', data, [inputs.length, 3, NET_H, NET_W]);
  const out = await net.session.run({ faces });
  faces.dispose();
  const all = out['embedding']!.data as Float32Array;
  const each = inputs.map((_, i) => all.slice(i * net.length, (i + 1) * net.length));
  out['embedding']!.dispose();
  return each;
};

/** The embeddings of network inputs (netInput), each of unit length: all of a frame's faces go
 *  through together, a batch at a time. */
export const embedAll = (inputs: readonly Float32Array[], net: Net = shippedNet()): Promise<Float32Array[]> => {
  if (!inputs.length) return Promise.resolve([]);
  const run = net.queue.then(async () => {
    const out: Float32Array[] = [];
    for (let i = 0; i < inputs.length; i += BATCH) out.push(...(await runBatch(inputs.slice(i, i + BATCH), net)));
    return out;
  });
  net.queue = run.catch(() => undefined);
  return run;
};

/** One input's embedding. */
export const embed = async (input: Float32Array, net: Net = shippedNet()): Promise<Float32Array> => (await embedAll([input], net))[0]!;
