/**
 * Frame differencing for camera mode: report a change only once the region has settled on
 * something new, so a tile is read once when it lands and never again while it lies there.
 */
import type { Frame } from './image';

const THUMB = 24;

/** A 24x24 grey thumbnail (box-averaged): cheap to compare, blind to sensor noise. */
export const thumbnail = (f: Frame): Float32Array => {
  const out = new Float32Array(THUMB * THUMB),
    count = new Float32Array(THUMB * THUMB);
  const { width: w, height: h, data } = f;
  const step = Math.max(1, Math.floor(Math.min(w, h) / (THUMB * 3)));
  for (let y = 0; y < h; y += step)
    for (let x = 0; x < w; x += step) {
      const j = (y * w + x) * 4,
        c = Math.floor((y * THUMB) / h) * THUMB + Math.floor((x * THUMB) / w);
      out[c] += 0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!;
      count[c]++;
    }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / (count[i] || 1);
  return out;
};

/** Mean absolute difference of two thumbnails, 0..255. */
export const difference = (a: Float32Array, b: Float32Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
};

/** How many cells of two thumbnails differ by more than `by` (0..255): a tile laid among many
 *  changes a few cells a lot, where the mean over the whole region hardly moves. */
export const changedCells = (a: Float32Array, b: Float32Array, by = 45): number => {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > by) n++;
  return n;
};
/** Cells of the 24x24 thumbnail a discard covers at the least (a tile among a dozen in the region). */
const LOCAL_CELLS = 6;

export type Arrival = 'moving' | 'still' | 'arrived';

export interface ArrivalOptions {
  /** frame-to-frame difference above which the region is still moving (hand, tile sliding) */
  moving?: number;
  /** difference from the last read scene above which a settled region is something new */
  changed?: number;
  /** consecutive still frames before a settled region counts */
  settleFrames?: number;
}

export class ArrivalDetector {
  #prev: Float32Array | null = null;
  #baseline: Float32Array | null = null;
  #still = 0;
  readonly #o: Required<ArrivalOptions>;

  constructor(o: ArrivalOptions = {}) {
    this.#o = { moving: 6, changed: 10, settleFrames: 3, ...o };
  }

  /** Feed every sampled frame; 'arrived' comes exactly once per new settled scene. */
  push(f: Frame): Arrival {
    const t = thumbnail(f);
    const prev = this.#prev;
    this.#prev = t;
    // Movement is judged on the whole region only: judged cell by cell, a still tile the fake
    // webcam shows was read twice (camera.spec.ts); the local test is for what arrived.
    if (!prev || difference(t, prev) > this.#o.moving) {
      this.#still = 0;
      return 'moving';
    }
    this.#still++;
    if (this.#still < this.#o.settleFrames) return 'moving';
    if (this.#baseline && difference(t, this.#baseline) <= this.#o.changed && changedCells(t, this.#baseline) < LOCAL_CELLS) return 'still';
    this.#baseline = t;
    return 'arrived';
  }

  /** Forget the last read scene (e.g. after the player corrected a proposal, to read again). */
  reset(): void {
    this.#baseline = null;
    this.#still = 0;
  }
}
