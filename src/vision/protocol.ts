/** Messages between the UI thread and the recognizer worker. */
import type { Recognition } from './recognize';
import type { StoredReferenceSet } from './references';
import type { FloorReading } from './floor';

export type ToWorker =
  | { type: 'init'; assetBase: string }
  | { type: 'references'; set: StoredReferenceSet }
  /** before: the region as it lay before the tile was laid down (the new discard is what changed) */
  | { type: 'recognize'; id: number; width: number; height: number; data: Uint8ClampedArray; before?: Uint8ClampedArray }
  | { type: 'features'; id: number; width: number; height: number; data: Uint8ClampedArray }
  /** every tile face in the whole frame (floor.ts), for the floor check */
  | { type: 'floor'; id: number; width: number; height: number; data: Uint8ClampedArray };

export type FromWorker =
  | { type: 'ready'; ocr: boolean; message?: string }
  /** `id`: the request that failed (a recognize or features job), so its caller is answered, never left waiting. */
  | { type: 'error'; id?: number; message: string }
  | { type: 'recognized'; id: number; result: Recognition; ms: number }
  /** calibration: the located face's features (int8-stored form) or why not */
  /** descriptors: the reading network's embeddings; model: that network's id (tile-set.ts TileSet.model) */
  | { type: 'features'; id: number; ok: true; features: Float32Array; descriptors: Float32Array[]; model: string }
  | { type: 'features'; id: number; ok: false; message: string }
  | { type: 'floor'; id: number; readings: FloorReading[] };
