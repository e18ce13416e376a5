/**
 * The pattern-line reader: a small learned network (resources/vision/pattern-reader.onnx,
 * trained by tools/card/train-pattern-reader.py; convolutions, a bidirectional GRU, CTC) that
 * reads one hand row's pattern strip (pattern-strip.ts) into its tiles, groups parted by spaces
 * and alternatives by "|". Run with onnxruntime-web (WebAssembly, one thread) in the card-photo
 * worker and in Node alike. Each character comes with how sure the network was and where in the
 * strip it stood, so each group keeps its place in the picture (its ink gives its suit).
 */
import * as ort from 'onnxruntime-web/wasm';
import { onnxSession, runInTurn } from '../finder';
import { STRIP_H } from './pattern-strip';

/** The characters the network writes, in its output's order after CTC's blank. */
export const PATTERN_ALPHABET = '0123456789NEWSFDRG |';
/** The network's output steps are this many strip pixels apart. */
const STEP = 2;

export interface PatternReader {
  session: ort.InferenceSession;
}

export const loadPatternReader = async (model: Uint8Array): Promise<PatternReader> => ({ session: await onnxSession(model) });

/** One character read: how sure (0..1, the least sure of its steps) and its span in strip pixels. */
export interface ReadChar {
  char: string;
  sure: number;
  x0: number;
  x1: number;
}

/** A strip's characters, read greedily (the likeliest class at each step, repeats and blanks dropped). */
export const readPatternStrip = async (
  reader: PatternReader,
  strip: { width: number; height: number; grey: Uint8Array },
): Promise<ReadChar[]> => {
  if (strip.height !== STRIP_H) throw new Error(`a pattern strip is ${STRIP_H} pixels tall`);
  const w = strip.width - (strip.width % 4) + 4;
  const input = new Float32Array(STRIP_H * w);
  for (let y = 0; y < STRIP_H; y++) for (let x = 0; x < strip.width; x++) input[y * w + x] = 1 - strip.grey[y * strip.width + x]! / 255;
  const out = await runInTurn(reader.session, { [reader.session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 1, STRIP_H, w]) });
  const logp = out[reader.session.outputNames[0]!]!;
  const [steps, , classes] = logp.dims as [number, number, number];
  const v = logp.data as Float32Array;
  const chars: ReadChar[] = [];
  let prev = 0;
  for (let t = 0; t < Math.min(steps, Math.floor(strip.width / STEP)); t++) {
    let best = 0;
    for (let c = 1; c < classes; c++) if (v[t * classes + c]! > v[t * classes + best]!) best = c;
    const p = Math.exp(v[t * classes + best]!);
    if (best && best === prev) {
      const last = chars.at(-1)!;
      last.x1 = (t + 1) * STEP;
      last.sure = Math.min(last.sure, p);
    } else if (best) chars.push({ char: PATTERN_ALPHABET[best - 1]!, sure: p, x0: t * STEP, x1: (t + 1) * STEP });
    prev = best;
  }
  return chars;
};

let shipped: PatternReader | null = null;
/** The pattern reader the app ships, once loaded (the worker fetches it, the tools read it from disk). */
export const shippedPatternReader = (): PatternReader | null => shipped;
export const useShippedPatternReader = (r: PatternReader): PatternReader => (shipped = r);
