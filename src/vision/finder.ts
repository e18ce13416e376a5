/**
 * The learned face finder: a small convolutional network (resources/vision/finder.onnx, trained by
 * tools/vision/train-finder.py) run with onnxruntime-web on WebAssembly, in the recognizer worker
 * and in Node alike. It gives, for every cell of the frame at a quarter of the network's input
 * (finder-input.ts), how likely a face's centre lies there upright (or upside down) and lying
 * sideways, where in the cell, and the face's size: each peak is a face's box.
 */
import * as ort from 'onnxruntime-web/wasm';
import type { Frame } from './image';
import type { FacePose } from './locate';
import { finderInput, FINDER_H, FINDER_W } from './finder-input';
import { FINDER_TUNING, type FinderTuning } from './finder-tuning';

/** The network's output cells are this many input pixels apart. */
const STRIDE = 4;

export interface FoundBox {
  /** the face: its centre, size in its own measure (width across the art), and tilt (0 or π/2) */
  pose: FacePose;
  /** the box round it in the frame's pixels: [x, y, w, h] */
  box: [number, number, number, number];
  sideways: boolean;
  /** how sure the network is that a face's centre is there (0..1) */
  score: number;
}

export interface Finder {
  /** the finder for a framed region (a tile shown close up, or a few) */
  session: ort.InferenceSession;
  /** the finder for a whole table (floor.ts): trained longer on whole tables, it finds more of their
   *  faces and turned ones, but misses a face that fills the region */
  table: ort.InferenceSession;
  /** the learned box refiner that puts each box on its face's corners (box-refiner.ts) */
  refiner: ort.InferenceSession;
}

/** An ONNX model ready to run (the finder's and the reading network's). One thread: the worker is
 *  one, and threads need a cross-origin-isolated page. */
export const onnxSession = (model: Uint8Array): Promise<ort.InferenceSession> => {
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  return ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
};

const turns = new WeakMap<ort.InferenceSession, Promise<unknown>>();
/** One run of a session once the runs asked before it are done: onnxruntime-web fails a run
 *  started while another is going on the same session (two requests to the worker at once). */
export const runInTurn = (
  session: ort.InferenceSession,
  feeds: ort.InferenceSession.FeedsType,
): Promise<ort.InferenceSession.ReturnType> => {
  const run = (turns.get(session) ?? Promise.resolve()).then(() => session.run(feeds));
  turns.set(
    session,
    run.catch(() => undefined),
  );
  return run;
};

/** A finder from its model files' bytes: the framed region's finder, the box refiner, the whole table's finder. */
export const loadFinder = async (model: Uint8Array, refiner: Uint8Array, table: Uint8Array): Promise<Finder> => ({
  session: await onnxSession(model),
  refiner: await onnxSession(refiner),
  table: await onnxSession(table),
});

let shipped: Finder | null = null;
/** The finder the app ships, once loaded (as embedding.ts shippedNet: the worker fetches it, the
 *  tools and the bench read it from disk). */
export const shippedFinder = (): Finder => {
  if (!shipped) throw new Error("The camera's face finder is not loaded.");
  return shipped;
};
export const useShippedFinder = (finder: Finder): Finder => (shipped = finder);

/** Two boxes' intersection over their union. */
export const boxIou = (a: readonly number[], b: readonly number[]) => {
  const ix = Math.max(0, Math.min(a[0]! + a[2]!, b[0]! + b[2]!) - Math.max(a[0]!, b[0]!));
  const iy = Math.max(0, Math.min(a[1]! + a[3]!, b[1]! + b[3]!) - Math.max(a[1]!, b[1]!));
  const i = ix * iy;
  return i / (a[2]! * a[3]! + b[2]! * b[3]! - i);
};

/** The network's cells as face boxes: every cell whose best score is a local peak over `score`,
 *  then boxes much the same as a surer one dropped. */
export const decodeCells = (cells: Float32Array, scale: number, t: FinderTuning = FINDER_TUNING): FoundBox[] => {
  const GW = FINDER_W / STRIDE,
    GH = FINDER_H / STRIDE,
    plane = GW * GH;
  const best = (i: number) => Math.max(cells[i]!, cells[plane + i]!);
  const found: FoundBox[] = [];
  for (let y = 0; y < GH; y++)
    for (let x = 0; x < GW; x++) {
      const i = y * GW + x,
        s = best(i);
      if (s < t.score) continue;
      let peak = true;
      for (let dy = -1; dy <= 1 && peak; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy,
            xx = x + dx;
          if ((dx || dy) && yy >= 0 && xx >= 0 && yy < GH && xx < GW && best(yy * GW + xx) > s) peak = false;
        }
      if (!peak) continue;
      const sideways = cells[plane + i]! > cells[i]!;
      const cx = ((x + cells[2 * plane + i]!) * STRIDE) / scale,
        cy = ((y + cells[3 * plane + i]!) * STRIDE) / scale;
      const w = (Math.exp(cells[4 * plane + i]!) * STRIDE) / scale,
        h = (Math.exp(cells[5 * plane + i]!) * STRIDE) / scale;
      found.push({
        pose: sideways ? { cx, cy, angle: Math.PI / 2, width: h, height: w } : { cx, cy, angle: 0, width: w, height: h },
        box: [cx - w / 2, cy - h / 2, w, h],
        sideways,
        score: s,
      });
    }
  const kept: FoundBox[] = [];
  for (const f of found.sort((a, b) => b.score - a.score)) if (!kept.some((k) => boxIou(k.box, f.box) > t.nmsIou)) kept.push(f);
  return kept;
};

/** Every tile face in the frame, surest first (`most`: finder-input.ts). */
export const findFaceBoxes = async (
  finder: Finder,
  frame: Frame,
  t: FinderTuning = FINDER_TUNING,
  most = 1,
  session: ort.InferenceSession = finder.session,
): Promise<FoundBox[]> => {
  const { data, scale } = finderInput(frame, most);
  const input = new ort.Tensor('float32', data, [1, 3, FINDER_H, FINDER_W]);
  const out = await runInTurn(session, { frame: input });
  const cells = out['cells']!.data as Float32Array;
  input.dispose();
  out['cells']!.dispose();
  return decodeCells(cells, scale, t);
};
